package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.BrokerGc;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A cell's GC figures over every JVM the broker ran as: one started again during the cell (by its drain) writes a log
 * of its own, and the cell's figures count the earlier JVM's pauses too. Real logs of {@code BrokerGcLogsTest}, five
 * minutes apart: Artemis's (16 pauses, none full, the longest 219.078 ms) as the earlier JVM, Apollo's in 256 MB
 * (168 pauses, 8 full, the longest 100.936 ms, the heap after the last 185 of 256 MB) as the one running.
 */
class BrokerGcFiguresTest {

    /** A broker that ran as two JVMs. */
    private static final class Restarted extends FakeBrokers.Dead {
        @Override
        public Optional<Path> gcLog() {
            return Optional.of(resource("apollo-256m-heap"));
        }

        @Override
        public List<Path> earlierGcLogs() {
            return List.of(resource("artemis"));
        }
    }

    @Test
    void aCellCountsThePausesOfEveryJvmTheBrokerRanAs() {
        BrokerGc gc = BrokerGcFigures.during(new Restarted(), Instant.EPOCH, Instant.parse("2100-01-01T00:00:00Z"));

        assertThat(gc.pauses()).isEqualTo(168 + 16);
        assertThat(gc.fullCollections()).isEqualTo(8);
        assertThat(gc.longestPauseMillis()).isEqualTo(219.078);
        assertThat(gc.heapAfterMb()).as("after the last pause of all, the running JVM's").isEqualTo(185);
    }

    private static Path resource(String broker) {
        try {
            return Path.of(BrokerGcFiguresTest.class.getResource("/gc-logs/" + broker + ".log.gz").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
