package dev.brokerbench.core.broker.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reader on real GC logs, one written by each JVM broker the suite runs (local runtime, JDK 17, G1, the option
 * {@link GcLogReader#option} on its command line; a short run of c1 and c5 at scale 0.05), and Apollo's c4 at scale
 * 0.1 in a 256 MB heap, which ran out of it (the log's start, then 2,690 lines from its first full collection to its
 * eighth; it went on to 193 in 2,048 pauses). The expected figures were counted from each log's summary lines with grep and awk, apart
 * from the reader: pauses (every {@code [gc] ... Pause} line but G1's {@code Pause Cleanup}, which GCToolKit 3.5 does
 * not classify and drops with a warning: 0.01-0.4 ms in these logs), full ones ({@code Pause Full}), the longest (the
 * lines' last field), and the heap after the last one and its size ({@code ->N M(S M)}).
 */
class BrokerGcLogsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "activemq,     16,  0,  77.050, 24,  2048",
            "apollo,       55,  0, 117.381, 291, 2048",
            "artemis,      16,  0, 219.078, 174, 2048",
            "kafka,        19,  0,  76.077, 180, 2048",
            "apollo-256m-heap, 168, 8, 100.936, 185, 256"})
    void readsEveryPauseOfABrokersLog(String broker, int pauses, int full, double longestMillis, long heapAfterMb,
                                      long heapSizeMb) throws Exception {
        List<GcPause> read = GcLogReader.read(resource(broker + ".log.gz"));

        assertThat(read).hasSize(pauses);
        assertThat(read.stream().filter(GcPause::full)).hasSize(full);
        assertThat(read.stream().mapToDouble(GcPause::millis).max().orElseThrow()).isCloseTo(longestMillis,
                org.assertj.core.data.Offset.offset(0.001));
        GcPause last = read.get(read.size() - 1);
        assertThat(last.heapAfterKb() / 1024).isEqualTo(heapAfterMb);
        assertThat(last.heapSizeKb() / 1024).isEqualTo(heapSizeMb);
        assertThat(read).isSortedAccordingTo(java.util.Comparator.comparing(GcPause::at));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(BrokerGcLogsTest.class.getResource("/gc-logs/" + name).toURI());
    }
}
