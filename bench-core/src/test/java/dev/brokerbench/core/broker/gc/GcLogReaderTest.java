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

    /** The GC log of a JVM that allocates {@code allocations} times 64 KB, then calls System.gc() {@code calls} times. */
    private static Path logOf(Path dir, int calls, int allocations) throws Exception {
        Path log = dir.resolve("gc.log");
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-Xmx64m", GcLogReader.option(log), "-cp", System.getProperty("java.class.path"),
                CallsSystemGc.class.getName(), String.valueOf(calls), String.valueOf(allocations)).inheritIO().start();
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(jvm.exitValue()).isZero();
        return log;
    }

    @Test
    void findsEveryFullCollectionAJvmWasAskedFor(@TempDir Path dir) throws Exception {
        Instant before = Instant.now().minusSeconds(1);
        Path log = logOf(dir, CALLS, 2_000);
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

    /**
     * A log of one pause: GCToolKit's runtime estimate wants two events and logs an error after every pause was read;
     * the reader keeps the pause and the error off the console (nothing reaches a handler of GCToolKit's logger).
     */
    @Test
    void aLogOfOnePauseIsReadWithoutAnError(@TempDir Path dir) throws Exception {
        Path log = logOf(dir, 1, 0);
        List<java.util.logging.LogRecord> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger toolKit = java.util.logging.Logger.getLogger("com.microsoft.gctoolkit");
        toolKit.addHandler(handler);
        try {
            assertThat(GcLogReader.read(log)).singleElement().satisfies(p -> assertThat(p.full()).isTrue());
        } finally {
            toolKit.removeHandler(handler);
        }
        assertThat(logged).isEmpty();
    }

    /** Allocates {@code args[1]} times 64 KB, then asks for {@code args[0]} full collections. */
    public static final class CallsSystemGc {
        public static void main(String[] args) {
            byte[][] keep = new byte[64][];
            for (int i = 0; i < Integer.parseInt(args[1]); i++) {
                keep[i % keep.length] = new byte[64 * 1024];
            }
            for (int i = 0; i < Integer.parseInt(args[0]); i++) {
                System.gc();
            }
            System.out.println(keep.length);
        }
    }
}
