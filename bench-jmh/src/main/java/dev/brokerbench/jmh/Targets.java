package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;

/** How a running broker is named to the benchmarks, and the seed cases' parity settings. */
public final class Targets {
    /** Unconfirmed messages per thread in async publish. */
    public static final int WINDOW = 1000;
    /** Consumer prefetch in messages. */
    public static final int PREFETCH = 1000;

    private Targets() {
    }

    public static String encode(String brokerId, String clientPath, String protocol, String host, int port) {
        return String.join("|", brokerId, clientPath, protocol, host, String.valueOf(port));
    }

    static String[] decode(String target) {
        String[] parts = target.split("\\|");
        if (parts.length != 5) {
            throw new IllegalArgumentException("target must be brokerId|clientPath|protocol|host|port, got '"
                    + target + "'");
        }
        return parts;
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
