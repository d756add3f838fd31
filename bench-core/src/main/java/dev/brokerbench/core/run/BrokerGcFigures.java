package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.core.result.BrokerGc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/** A cell's {@link BrokerGc}: the broker's GC log read at the cell's end, its pauses within the cell. */
final class BrokerGcFigures {
    private static final Logger LOG = Logger.getLogger(BrokerGcFigures.class.getName());

    private BrokerGcFigures() {
    }

    /** The figures of the pauses that began from {@code from} to {@code to}; null where the broker writes no log. */
    static BrokerGc during(BrokerInstance broker, Instant from, Instant to) {
        Optional<Path> log = broker.gcLog().filter(Files::isRegularFile);
        if (log.isEmpty()) {
            return null;
        }
        try {
            return BrokerGc.between(GcLogReader.read(log.get()), from, to);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "the broker's GC log " + log.get() + " could not be read: " + e);
            return null;
        }
    }
}
