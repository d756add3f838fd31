package dev.brokerbench.core.run;

import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.run.remote.ClientProcesses;
import dev.brokerbench.core.spi.Driver;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What a phase runs against.
 *
 * @param workload  the (scaled) workload
 * @param phase     the phase
 * @param messages  messages in this phase (measured or warm-up pass)
 * @param cell      the cell's driver, broker and fault controls
 * @param label     e.g. {@code artemis/artemis-core-jms c1 publish (sync)}
 * @param progress  progress bar hook
 * @param limits    timeouts
 * @param fault     the fault to inject into this phase, or null
 * @param window    how the phase's rate windows are cut
 * @param part      the clients this process runs (all, or a shard's)
 */
record PhaseContext(Workload workload, Phase phase, long messages, CellContext cell, String label,
                    ProgressListener progress, Limits limits, Fault fault, RateWindow window, ShardPart part) {

    /** The same context for another phase (e.g. the publishers of a live phase), with its own label and listener. */
    PhaseContext as(Phase other, String otherLabel, ProgressListener listener) {
        return new PhaseContext(workload, other, messages, cell, otherLabel, listener, limits, fault, window, part);
    }

    Driver driver() {
        return cell.driver();
    }

    java.util.function.Supplier<OptionalLong> brokerPid() {
        return cell.brokerPid();
    }

    BrokerControl control() {
        return cell.control();
    }

    ClientProcesses clientProcesses() {
        return cell.clientProcesses();
    }

    /**
     * Timeouts that keep a run from hanging.
     *
     * @param sessionOpen  opening every client's session
     * @param confirm      waiting for any confirmation while the publish window is full
     * @param minimumPhase the least a phase may take before it is cut off
     * @param slowestRate  a phase is cut off once it would take longer than at this rate (msg/s)
     */
    record Limits(Duration sessionOpen, Duration confirm, Duration minimumPhase, double slowestRate) {
        static final Limits DEFAULT = new Limits(Duration.ofSeconds(60), Duration.ofSeconds(60),
                Duration.ofMinutes(10), 20);

        /**
         * After a kill, outstanding confirmations may never come: wait for them only briefly, unless the clients are to
         * ride the fault out: then as long as a failed send is retried after a failover (Kafka's new partition
         * leaders come after the dead broker's session timeout, 9 s by default, and its producer holds the sends
         * until then). A paused broker confirms what it holds once it goes on: the clients wait the pause and the
         * usual limit after it (whether their library gives up sooner is what the fault shows); so after a link
         * that was cut or lossy.
         */
        Limits forFault(dev.brokerbench.core.model.Fault fault) {
            if (fault.held().isPresent()) { // a paused broker, a cut link: confirmations come once it ends
                return new Limits(sessionOpen, confirm.plus(fault.held().get()), minimumPhase, slowestRate);
            }
            return new Limits(sessionOpen, dev.brokerbench.core.model.Fault.reconnects(fault)
                    ? PublishClient.FAILOVER_RETRY_FOR : Duration.ofSeconds(10), minimumPhase, slowestRate);
        }

        Duration deadline(long messages) {
            long seconds = (long) Math.ceil(messages / slowestRate);
            return minimumPhase.compareTo(Duration.ofSeconds(seconds)) > 0 ? minimumPhase : Duration.ofSeconds(seconds);
        }
    }
}
