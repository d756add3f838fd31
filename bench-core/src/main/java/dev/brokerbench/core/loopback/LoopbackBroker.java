package dev.brokerbench.core.loopback;

import dev.brokerbench.core.spi.Stamp;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An in-JVM stand-in for a broker: named unbounded queues. Used to measure the harness's own ceiling and, with
 * faults injected, to prove the accounting.
 */
public final class LoopbackBroker {
    /** One message in a loopback queue. */
    public record Envelope(Stamp stamp, byte[] payload, boolean redelivered) {
    }

    private final ConcurrentHashMap<String, BlockingQueue<Envelope>> queues = new ConcurrentHashMap<>();

    public BlockingQueue<Envelope> queue(String name) {
        return queues.computeIfAbsent(name, n -> new LinkedBlockingQueue<>());
    }
}
