package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;

/** The seed cases' parity settings, and the drain that cleans up after a benchmark. */
public final class Targets {
    /** Unconfirmed messages per thread in async publish: the parity rule's. */
    public static final int WINDOW = dev.brokerbench.core.model.Workload.PARITY_PUBLISH_WINDOW;
    /** Consumer prefetch in messages: the parity rule's. */
    public static final int PREFETCH = dev.brokerbench.core.model.Workload.PARITY_PREFETCH;

    private Targets() {
    }

    /** Consumes whatever a benchmark left on the queue, so persistent messages do not pile up on the broker. */
    static void drain(Driver driver, String queue) throws Exception {
        try (Consumer consumer = driver.consumer(queue)) {
            consumer.start();
            while (consumer.receive(1000, (stream, sequence, sendNanos, bytes, redelivered) -> {
            })) {
                // keep draining until a second passes with nothing
            }
            consumer.acknowledge();
        }
    }
}
