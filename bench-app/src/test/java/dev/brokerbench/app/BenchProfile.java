package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What {@code mvn verify -Pbench} runs (and only then: the name does not match the test patterns): the seed matrix on
 * every broker at {@code -Dbench.scale} (default 0.01), results and summary.md under target/bench-report/. Fails when
 * any cell lost or duplicated messages or a broker failed to start.
 */
class BenchProfile {
    @Test
    void seedMatrix() {
        Path report = Path.of(System.getProperty("bench.report.dir", "target/bench-report"));
        int code = BenchCli.execute(System.out, System.err, "run",
                "--broker", System.getProperty("bench.brokers", "all"),
                "--case", System.getProperty("bench.cases", "all"),
                "--scale", System.getProperty("bench.scale", "0.01"),
                "--out", report.toString(), "--no-progress");
        assertThat(code).as("bench run exit code; see " + report.resolve("summary.md")).isZero();
    }
}
