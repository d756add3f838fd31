package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "A short run" as a new user types it: each command of its block, read from the README itself, run with
 * the packaged jar from a fresh working directory (the run id the first run printed filled in for {@code <run id>}),
 * at the smallest scale; and the option forms its prose shows on any case, {@code --sizes @FILE} among them. A
 * command or form that does not work as documented fails here.
 */
class ReadmeCommandsIT {
    private static final Path README = Path.of("..", "README.md");
    private static final String JAR = "bench-app/target/bench.jar";
    /** The option forms the prose after the block shows for any case (each must stand in the README as written). */
    private static final List<String> FORMS_ANY_CASE = List.of("--sizes 2048:6,65536:1", "--random-bytes-ratio 0.3",
            "--processing 2ms", "--queues 100");

    @TempDir
    Path work;

    private static String section() throws Exception {
        String readme = Files.readString(README);
        int start = readme.indexOf("## A short run");
        assertThat(start).as("the README's 'A short run' section").isNotNegative();
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    /** The lines of the section's code block that run the jar. */
    private static List<String> blockCommands(String section) {
        Matcher block = Pattern.compile("```bash\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(block.find()).as("the short run's code block").isTrue();
        List<String> commands = new ArrayList<>();
        for (String line : block.group(1).split("\n")) {
            String command = line.replaceAll("\\s+#.*$", "").strip();
            if (command.startsWith("java -jar " + JAR + " ")) {
                commands.add(command.substring(("java -jar " + JAR + " ").length()));
            } else {
                assertThat(command).as("a line of the short run this test does not know how to run").isIn("",
                        "mvn -B package -DskipTests");
            }
        }
        return commands;
    }

    /**
     * A command's words at the smallest scale and duration, a run without its warm-up search and on local processes;
     * {@code <run id>} replaced by {@code runId}. The runtime is the one word added: where Docker runs, the README's
     * runs would start their brokers in containers (the default runtime, auto), a minute each on two busy cores, and
     * which runtime auto chooses is ContainerRunIT's to hold; this test holds the commands' words.
     */
    private static List<String> smallest(String command, String runId) {
        List<String> words = new ArrayList<>(Arrays.asList(command.replace("<run id>", runId == null ? "<run id>"
                : runId).split("\\s+")));
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("--scale")) {
                words.set(i + 1, ItSupport.scale());
            } else if (words.get(i).equals("--duration")) {
                words.set(i + 1, "1");
            }
        }
        if (words.get(0).equals("run") && !words.contains("--warmup-seconds")) {
            words.addAll(List.of("--warmup-seconds", "0")); // the warm-up's steadiness search: about 12 s a cell
        }
        if (words.get(0).equals("run") && !words.contains("--runtime")) {
            words.addAll(List.of("--runtime", "local"));
        }
        return words;
    }

    private ItSupport.Cli bench(List<String> args) throws Exception {
        return ItSupport.benchProcess(work, List.of(), args);
    }

    @Test
    void theShortRunWorksAsWritten() throws Exception {
        List<String> commands = blockCommands(section());
        assertThat(commands).as("two runs and a report").hasSize(3);
        String runId = null;
        for (String command : commands) {
            assertThat(runId == null && command.contains("<run id>")).as("a run id before " + command).isFalse();
            ItSupport.Cli cli = bench(smallest(command, runId));
            assertThat(cli.code()).as(command + "\n" + cli.text()).isEqualTo(BenchCli.EXIT_OK);
            Matcher results = Pattern.compile("results: .*bench-results/(\\S+)").matcher(cli.text());
            if (runId == null && results.find()) {
                runId = results.group(1);
            }
        }
        assertThat(work.resolve("bench-results").resolve(runId).resolve("run.json")).exists();
        assertThat(work.resolve("bench-results").resolve(runId).resolve("report").resolve("index.html")).exists();
    }

    @Test
    void theOptionFormsOfTheProseRunOnACase() throws Exception {
        String prose = section().replace('`', ' ');
        for (String form : FORMS_ANY_CASE) {
            assertThat(prose.replaceAll("\\s+", " ")).as("the README shows " + form).contains(form);
        }
        assertThat(prose).as("the README shows --sizes @FILE").contains("@lengths.txt");
        Files.writeString(work.resolve("lengths.txt"), "100\n2048\n2048\n65536\n");
        List<List<String>> forms = List.of(
                List.of("--sizes", "2048:6,65536:1", "--random-bytes-ratio", "0.3", "--processing", "2ms"),
                List.of("--sizes", "@lengths.txt", "--queues", "100"));
        for (List<String> form : forms) {
            List<String> args = new ArrayList<>(List.of("run", "--broker", "artemis", "--case", "c3", "--scale",
                    ItSupport.scale(), "--duration", "1", "--warmup-seconds", "0", "--runtime", "local",
                    "--no-progress"));
            args.addAll(form);
            ItSupport.Cli cli = bench(args);
            assertThat(cli.code()).as(form + "\n" + cli.text()).isEqualTo(BenchCli.EXIT_OK);
            assertThat(cli.text()).as(form + ": every message accounted for").contains("lost=0").doesNotContain(
                    "Unmatched argument");
        }
    }
}
