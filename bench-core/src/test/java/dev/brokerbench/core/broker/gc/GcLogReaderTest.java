package dev.brokerbench.core.broker.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader on a GC log a real JVM wrote with the option the suite puts on a broker's command line: a JVM that calls
 * {@code System.gc()} a known number of times, so the full pauses in its log are known in advance.
 */
class GcLogReaderTest {
    private static final int CALLS = 3;

    @Test
    void findsEveryFullCollectionAJvmWasAskedFor(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("gc.log");
        Instant before = Instant.now().minusSeconds(1);
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-Xmx64m", GcLogReader.option(log), "-cp", System.getProperty("java.class.path"),
                CallsSystemGc.class.getName(), String.valueOf(CALLS)).inheritIO().start();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(jvm.exitValue()).isZero();
        Instant after = Instant.now().plusSeconds(1);

        List<GcPause> pauses = GcLogReader.read(log);

        assertThat(pauses.stream().filter(GcPause::full)).hasSize(CALLS);
        assertThat(pauses).allSatisfy(p -> {
            assertThat(p.at()).isBetween(before, after); // the wall clock of the line, not the JVM's uptime
            assertThat(p.millis()).isPositive().isLessThan(Duration.ofSeconds(10).toMillis());
            assertThat(p.heapSizeKb()).isPositive().isLessThanOrEqualTo(64 * 1024);
            assertThat(p.heapAfterKb()).isBetween(0L, p.heapSizeKb());
        });
        // every other pause's summary line (tag gc alone: young, remark), counted apart from the reader; G1's
        // cleanup pause is not classified by GCToolKit 3.5 (dropped with a warning)
        long otherPauses = Files.readAllLines(log).stream().filter(l -> l.contains("[gc ") && l.contains(" Pause ")
                && !l.contains("Pause Full") && !l.contains("Pause Cleanup")).count();
        assertThat(pauses.stream().filter(p -> !p.full())).hasSize((int) otherPauses);
    }

    /** Allocates a little, then asks for {@code args[0]} full collections. */
    public static final class CallsSystemGc {
        public static void main(String[] args) {
            byte[][] keep = new byte[64][];
            for (int i = 0; i < 2_000; i++) {
                keep[i % keep.length] = new byte[64 * 1024];
            }
            for (int i = 0; i < Integer.parseInt(args[0]); i++) {
                System.gc();
            }
            System.out.println(keep.length);
        }
    }
}
