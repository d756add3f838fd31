package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.core.result.BrokerGc;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The broker between cells: its process alive and its port answering through its protocol. One that does not answer
 * within {@link #LIMIT} is said to have stopped, with the evidence (whether its process lived, its GC in the last
 * minute, the end of its log), killed and started again on its data, so that the rest of the matrix runs on it
 * instead of waiting out every client's timeouts.
 */
final class BrokerWatch {
    /** How long a broker whose process lives may leave its port unanswered before it is said to have stopped. */
    static final Duration LIMIT = Duration.ofSeconds(15);
    /** The span of GC the evidence shows. */
    static final Duration GC_SPAN = Duration.ofSeconds(60);
    private static final long PROBE_PAUSE_MILLIS = 1_000;

    private BrokerWatch() {
    }

    /**
     * Why the broker cannot serve as it is: empty while it lives and answers.
     *
     * @param when when a dead process is said to have died ("before this cell", "during the cell")
     */
    static Optional<String> stopped(BrokerInstance broker, Duration limit, String when) throws InterruptedException {
        if (broker.cluster().isPresent()) {
            return Optional.empty(); // a cluster's nodes come and go by design
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (broker.alive()) {
            if (broker.answers()) {
                return Optional.empty();
            }
            if (System.nanoTime() >= deadline) {
                return Optional.of("stopped answering: no answer on its port through its protocol for "
                        + limit.toSeconds() + " s, its process alive" + evidence(broker));
            }
            Thread.sleep(PROBE_PAUSE_MILLIS);
        }
        return Optional.of(died(when) + evidence(broker));
    }

    /** What a broker whose process exited is said to have done. */
    static String died(String when) {
        return "died " + when + " (its process exited)";
    }

    /**
     * Kills the broker and starts it again on its data; empty when it is back and answering, else why not.
     */
    static Optional<String> restart(BrokerInstance broker) {
        try {
            broker.kill();
            broker.restart();
        } catch (BrokerStartException | RuntimeException e) {
            return Optional.of("started again on its data, it failed: " + ErrorLog.describe(e));
        }
        return broker.alive() && broker.answers() ? Optional.empty()
                : Optional.of("started again on its data, it did not come back");
    }

    /** Its GC in the last {@link #GC_SPAN}, where its log can be read, and the end of its log. */
    static String evidence(BrokerInstance broker) {
        StringBuilder s = new StringBuilder();
        broker.gcLog().filter(Files::isRegularFile).ifPresent(log -> {
            try {
                Instant now = Instant.now();
                s.append("; its GC in the last ").append(GC_SPAN.toSeconds()).append(" s: ")
                        .append(BrokerGc.between(GcLogReader.read(log), now.minus(GC_SPAN), now).describe()
                                .replace("of the cell", "of the time"));
            } catch (IOException | RuntimeException e) {
                s.append("; its GC log could not be read: ").append(e.getMessage());
            }
        });
        List<String> lines = broker.log().lines().filter(l -> !l.isBlank()).toList();
        s.append("; its log ends: ").append(String.join(" | ",
                lines.subList(Math.max(0, lines.size() - MatrixRunner.LOG_TAIL), lines.size())));
        return s.toString();
    }
}
