package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.core.broker.gc.GcPause;
import dev.brokerbench.core.result.BrokerGc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/** A cell's {@link BrokerGc}: the broker's GC log read at the cell's end, its pauses within the cell. */
final class BrokerGcFigures {
    private static final Logger LOG = Logger.getLogger(BrokerGcFigures.class.getName());

    private BrokerGcFigures() {
    }

    /**
     * The figures of the pauses that began from {@code from} to {@code to}, in the logs of every JVM the broker ran
     * as (one started again during the cell wrote a log of its own); null where the broker writes no log.
     */
    static BrokerGc during(BrokerInstance broker, Instant from, Instant to) {
        Optional<Path> log = broker.gcLog().filter(Files::isRegularFile);
        if (log.isEmpty()) {
            return null;
        }
        List<GcPause> pauses = new ArrayList<>();
        for (Path each : Stream.concat(broker.earlierGcLogs().stream(), log.stream()).toList()) {
            try {
                pauses.addAll(GcLogReader.read(each));
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "the broker's GC log " + each + " could not be read: " + e);
                return null;
            }
        }
        pauses.sort(Comparator.comparing(GcPause::at));
        return BrokerGc.between(pauses, from, to);
    }
}
