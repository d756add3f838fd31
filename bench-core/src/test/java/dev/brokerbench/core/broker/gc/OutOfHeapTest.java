package dev.brokerbench.core.broker.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The out-of-heap reading on the real GC logs of {@link BrokerGcLogsTest}: Apollo's in a 256 MB heap (its full
 * collections, counted with grep: 254->184, 253->207, 253->213, 252->228, 252->240, 252->246, 252->119 and 254->185 MB
 * of 256, from 14:20:00.906 to 14:20:03.463) and the four brokers that ran healthy, none of which collected its whole
 * heap.
 */
class OutOfHeapTest {

    @Test
    void apolloInA256MbHeapRanOutOfIt() throws Exception {
        List<GcPause> log = GcLogReader.read(resource("apollo-256m-heap"));

        assertThat(OutOfHeap.since(log, Instant.EPOCH)).contains("ran out of heap: its GC log shows 8 full"
                + " collections, the fullest left 246 of 256 MB in use");
        assertThat(OutOfHeap.since(log, Instant.parse("2026-11-29T14:20:02.000Z"))).contains("ran out of heap: its"
                + " GC log shows 5 full collections, the fullest left 246 of 256 MB in use");
    }

    @Test
    void fewerThanThreeFullCollectionsAreNotAPattern() throws Exception {
        List<GcPause> log = GcLogReader.read(resource("apollo-256m-heap"));

        assertThat(OutOfHeap.since(log, Instant.parse("2026-11-29T14:20:02.600Z"))).isEmpty(); // 119 and 185 MB
    }

    @Test
    void fullCollectionsThatFreeTheHeapAreNotOutOfIt() throws Exception {
        List<GcPause> log = GcLogReader.read(resource("apollo-256m-heap"));
        Instant from = Instant.parse("2026-11-29T14:20:00.000Z");
        List<GcPause> freed = log.stream().map(p -> p.full() && p.heapAfterKb() > 200 * 1024
                ? new GcPause(p.at(), p.millis(), true, 200 * 1024, p.heapSizeKb()) : p).toList();

        assertThat(OutOfHeap.since(freed, from)).isEmpty(); // 8 full, none leaving over 200 of 256 MB (78 %)
    }

    @ParameterizedTest
    @ValueSource(strings = {"activemq", "apollo", "artemis", "kafka"})
    void aHealthyBrokerIsNotOutOfHeap(String broker) throws Exception {
        assertThat(OutOfHeap.since(GcLogReader.read(resource(broker)), Instant.EPOCH)).isEmpty();
    }

    private static Path resource(String broker) throws java.net.URISyntaxException {
        return Path.of(OutOfHeapTest.class.getResource("/gc-logs/" + broker + ".log.gz").toURI());
    }
}
