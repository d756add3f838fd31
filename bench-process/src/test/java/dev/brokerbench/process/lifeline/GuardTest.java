package dev.brokerbench.process.lifeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.process.Jvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lifeline of a broker that is not a JVM, run as the suite runs it (a guard process around the broker). */
class GuardTest {
    @TempDir
    Path tmp;

    @Test
    void whenTheSuitesPipeClosesTheBrokerDiesAndItsDirectoryGoes() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Path instance = Files.createDirectories(run.resolve("rabbitmq-1"));
        Files.writeString(instance.resolve("data"), "queue contents");
        Process guard = guard(instance, "sh", "-c", "echo $$; exec sleep 300");
        long broker = Long.parseLong(firstLine(guard));

        guard.getOutputStream().close(); // what the suite's death does to the pipe

        assertThat(guard.waitFor(30, TimeUnit.SECONDS)).as("the guard exits").isTrue();
        assertThat(guard.exitValue()).isEqualTo(3);
        assertThat(ProcessHandle.of(broker).map(ProcessHandle::isAlive)).as("the broker is gone")
                .isNotEqualTo(Optional.of(true));
        assertThat(instance).doesNotExist();
        assertThat(run).as("the run's directory held nothing else").doesNotExist();
    }

    @Test
    void withThePipeOpenTheGuardEndsWithTheBrokersExitCode() throws Exception {
        Path instance = Files.createDirectories(tmp.resolve("instance"));
        Process guard = guard(instance, "sh", "-c", "exit 5");

        assertThat(guard.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(guard.exitValue()).isEqualTo(5);
        assertThat(instance).as("an ordinary exit leaves the data to the suite").exists();
    }

    private static Process guard(Path instance, String... command) throws Exception {
        List<String> guarded = Jvm.guarded(instance, instance, List.of(command));
        // as Jvm.guarded builds it, with this test's class path for the lifeline jar
        List<String> line = new java.util.ArrayList<>(guarded);
        line.set(line.indexOf("-cp") + 1, System.getProperty("java.class.path"));
        return new ProcessBuilder(line).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static String firstLine(Process p) throws Exception {
        return new BufferedReader(new InputStreamReader(p.getInputStream())).readLine();
    }
}
