package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.console.ConsoleListener;
import dev.brokerbench.core.result.ResultStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The report and the console output of a stored run (three brokers and a baseline; queue, fault and request/reply
 * cases in two repeats; JMH scores) are what they were when the expected files were written: a refactoring of the
 * renderers that changes what a reader sees fails here. Charts are compared by name and title, not pixel by pixel.
 * After an intended change, rewrite the expected files with {@code -Dstored-run.update=true} and review the diff.
 */
class StoredRunReportTest {
    private static final Path RESULTS = resource("stored-run");
    private static final Path EXPECTED = resource("stored-run-expected");
    @TempDir
    static Path report;

    /** A directory of the test resources. */
    static Path resource(String name) {
        try {
            return Path.of(StoredRunReportTest.class.getResource("/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void render() throws Exception {
        ReportData data = ReportData.read(RESULTS);
        ReportWriter.write(data, report);
        Files.writeString(report.resolve("index.html"), withoutImages(Files.readString(report.resolve("index.html"))));
        Files.writeString(report.resolve("console.txt"), console(data, report.resolve("store")));
        if (Boolean.getBoolean("stored-run.update")) {
            Path source = Path.of("src/test/resources/stored-run-expected");
            for (String file : List.of("report.md", "results.csv", "index.html", "console.txt", "summary.md")) {
                Files.copy(report.resolve(file), source.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** What {@code bench run} prints for each cell as it ends, then its closing summary. */
    private static String console(ReportData data, Path store) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        RunSummary summary = new RunSummary();
        ConsoleListener listener = new ConsoleListener(out, new ResultStore(Files.createDirectories(store)), summary,
                false);
        data.results().forEach(listener::result);
        data.run().brokers().forEach(summary::add);
        data.run().missing().forEach(summary::add);
        ConsoleReport.print(out, summary.sections(data.calibration()));
        Files.writeString(report.resolve("summary.md"), MarkdownReport.runSummary(data.run().runId(),
                data.run().scale(), data.calibration(), summary.sections(data.calibration())));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String withoutImages(String html) {
        return html.replaceAll("data:image/png;base64,[A-Za-z0-9+/=]+", "data:image/png;base64,...");
    }

    @ParameterizedTest
    @ValueSource(strings = {"report.md", "results.csv", "index.html", "console.txt", "summary.md"})
    void renderedAsBefore(String file) throws Exception {
        assertThat(report.resolve(file)).as(file + " of the stored run").hasSameTextualContentAs(EXPECTED.resolve(file));
    }

    /** Every rendering shows the model's sections, each under its own title, in the model's order. */
    @org.junit.jupiter.api.Test
    void everyRenderingShowsTheSameSectionsInOneOrder() throws Exception {
        List<Section> sections = ReportData.read(RESULTS).sections();
        assertThat(sections).extracting(Section::id).containsExactly("verdict", "comparison", "results", "published", "calls",
                "durability", "not-run", "brokers");
        assertInOrder(Files.readString(report.resolve("console.txt")), sections, s -> "\n" + s.title() + " (");
        assertInOrder(Files.readString(report.resolve("summary.md")), sections, s -> "\n## " + s.title() + "\n");
        assertInOrder(Files.readString(report.resolve("report.md")), sections, s -> "\n## " + s.title() + "\n");
        assertInOrder(Files.readString(report.resolve("index.html")), sections,
                s -> "<section id=\"" + s.id() + "\"><h2>" + s.title() + "</h2>");
    }

    private static void assertInOrder(String rendered, List<Section> sections,
                                      java.util.function.Function<Section, String> heading) {
        int at = -1;
        for (Section s : sections) {
            String h = s.lead() == null ? heading.apply(s).replace(" (", ":") : heading.apply(s);
            int next = rendered.indexOf(h, at + 1);
            assertThat(next).as("'" + h.strip() + "' after the section before it").isGreaterThan(at);
            at = next;
        }
    }

    @org.junit.jupiter.api.Test
    void theStoredRunCoversEverySection() throws Exception {
        String md = Files.readString(EXPECTED.resolve("report.md"));
        assertThat(md).contains("## Verdict", "## Results", "## Request/reply and one-way", "## Durability",
                "## Not run", "## Charts");
        assertThat(Files.readString(EXPECTED.resolve("console.txt"))).contains("Verdict (", "Comparison over repeats",
                "Durability", "Not run:");
    }
}
