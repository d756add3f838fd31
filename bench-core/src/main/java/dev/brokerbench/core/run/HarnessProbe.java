package dev.brokerbench.core.run;

import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.PhaseResult;
import java.util.List;

/**
 * The harness half of a {@link HarnessReference}: the suite's own runner, stamping, accounting, histograms and window
 * clocks through an in-JVM queue (confirmations on a thread per client, as client libraries call them), four clients
 * publishing async with the 1000-message window and then draining: what the suite's code costs on this machine, with
 * no broker, disk or network in it.
 */
public final class HarnessProbe {
    /** Messages per round: a fifth of a second or so per phase on a 2-core machine (200,000 took 30 ms). */
    static final long MESSAGES = 1_000_000;
    private static final int CLIENTS = 1;

    private HarnessProbe() {
    }

    /** The reference of this machine and suite now (about 5 s). */
    public static HarnessReference measure() {
        return HarnessReference.measure(200, () -> round(MESSAGES));
    }

    /** One round of {@code messages}: the geometric mean of the publish and the drain rate, msg/s. */
    static double round(long messages) {
        Workload w = Workload.of("harness-reference", List.of(new Phase("publish", Action.PUBLISH, PublishMode.ASYNC,
                true), new Phase("consume", Action.CONSUME, null, false))).withClients(CLIENTS)
                .withMessages(messages, 0).withIdleTimeout(2);
        try {
            ScenarioRunner.Outcome o = new ScenarioRunner(ProgressListener.NONE)
                    .run(w, CellContext.of(new LoopbackDriver(new LoopbackBroker(), false), "harness"));
            if (!o.measured().accounting().exact()) {
                throw new IllegalStateException("the harness reference lost track of its own messages: "
                        + o.measured().accounting().summary());
            }
            PhaseResult publish = o.measured().phases().get(0);
            PhaseResult consume = o.measured().phases().get(1);
            return Math.sqrt(publish.rate().overall() * consume.rate().overall());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring the harness reference", e);
        } catch (dev.brokerbench.core.broker.BrokerStartException e) {
            throw new IllegalStateException(e); // no broker to start
        }
    }
}
