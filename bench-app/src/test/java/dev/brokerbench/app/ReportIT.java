package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.ResultStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a small real run (with JMH), opened as a person would: in headless Chromium, checking the rendered
 * DOM for the charts and tables, and keeping a screenshot in target/.
 */
class ReportIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path tmp;

    @Test
    void theReportOfARealRunShowsItsChartsAndTablesInABrowser() throws Exception {
        Path results = tmp.resolve("results");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        int code = BenchCli.execute(out, out, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", "artemis,activemq",
                "--case", "c1,c3,c5", "--repeat", "2", "--seed", "11",
                "--scale", ItSupport.scale(), "--out", results.toString(), "--heap", "1g", "--no-progress",
                "--jmh", "--jmh-warmups", "0", "--jmh-iterations", "1", "--jmh-seconds", "1", "--jmh-warmup-drains", "0",
                "--jmh-drains", "1", "--jmh-batch", "500", "--jmh-payloads", "0");
        assertThat(code).as(log.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(results.resolve("jmh-artemis.json")).exists();
        assertThat(results.resolve("jmh-artemis-drain.json")).exists();
        assertThat(results.resolve("jmh-activemq-drain.json")).exists();

        Path report = tmp.resolve("report");
        assertThat(BenchCli.execute(out, out, "report", results.toString(), "--out", report.toString())).isZero();
        int cells = new ResultStore(results).readAll().size();
        assertThat(cells).isEqualTo(2 * 5); // c1, c3, c5 on Artemis; c1, c5 on Classic (no JMS 2.0 async); 2 repeats
        assertThat(report.resolve("report.md")).content().contains("## Results").contains("charts/overall.png")
                .contains("## Comparison over repeats");
        assertThat(Files.readAllLines(report.resolve("results.csv"))).hasSize(cells + 1);
        assertThat(report.resolve("report.json")).exists();
        assertThat(report.resolve("charts").resolve("jmh.png")).exists();

        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "SKIPPED the browser check: no " + CHROMIUM
                + "; install it with 'apt-get install chromium' (.ci/run does)");
        String dom = chromium(report.resolve("index.html"), "--dump-dom");
        int charts = count(dom, "<img class=\"chart\"");
        // overall and its intervals + per case: progress and windows, latency for the two publish cases + JMH
        assertThat(charts).isEqualTo(2 + 3 * 2 + 2 + 1);
        assertThat(dom).contains("id=\"chart-jmh\"").contains("id=\"chart-latency-c1\"")
                .contains("id=\"chart-progress-c5\"").contains("data:image/png;base64,");
        Matcher results1 = Pattern.compile("(?s)<section id=\"results\">.*?<tbody>(.*?)</tbody>").matcher(dom);
        assertThat(results1.find()).isTrue();
        assertThat(count(results1.group(1), "<tr>")).isEqualTo(cells);
        assertThat(dom).contains("id=\"jmh\"").contains("id=\"parity\"").contains("id=\"not-run\"")
                .contains("badge ok").doesNotContain("badge bad").doesNotContain(">leftover<");
        // per cell one row with its interval; two repeats give t = 12.7, so wide intervals: Artemis and Classic
        // overlap in c1 and c5 and the ranking must not name a winner there
        Matcher comparison = Pattern.compile("(?s)<section id=\"comparison\">.*?<tbody>(.*?)</tbody>").matcher(dom);
        assertThat(comparison.find()).isTrue();
        assertThat(count(comparison.group(1), "<tr>")).isEqualTo(5);
        assertThat(comparison.group(1)).contains("no clear difference from").doesNotContain(">fastest<")
                .contains(" – ");
        assertThat(dom).contains("c1 #1").contains("c1 #2").contains("id=\"chart-overall-intervals\"");
        // one JMH iteration has no error bar: its score is not one to rank on
        Matcher jmh = Pattern.compile("(?s)<section id=\"jmh\">.*?<tbody>(.*?)</tbody>").matcher(dom);
        assertThat(jmh.find()).isTrue();
        assertThat(jmh.group(1)).contains("unknown").contains("no: error over 10 %").doesNotContain("<td>yes</td>");

        Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        chromium(report.resolve("index.html"), "--screenshot=" + screenshot, "--window-size=1400,3000");
        assertThat(screenshot).exists();
        assertThat(Files.size(screenshot)).isGreaterThan(50_000);
    }

    private String chromium(Path page, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + tmp.resolve("chromium")));
        command.addAll(List.of(args));
        command.add(page.toUri().toString());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] stdout = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return new String(stdout, StandardCharsets.UTF_8);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
