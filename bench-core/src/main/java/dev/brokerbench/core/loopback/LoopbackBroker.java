package dev.brokerbench.core.loopback;

import dev.brokerbench.core.spi.Reply;
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

    /** One request or one-way message: its correlation id, body and reply queue (null for one-way). */
    public record Request(long correlationId, byte[] body, BlockingQueue<Reply> replyTo) {
    }

    private final ConcurrentHashMap<String, BlockingQueue<Envelope>> queues = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, BlockingQueue<Request>> requestQueues = new ConcurrentHashMap<>();

    /** The request queue {@code name} (kept apart from the message queues). */
    public BlockingQueue<Request> requests(String name) {
        return requestQueues.computeIfAbsent(name, n -> new LinkedBlockingQueue<>());
    }

    public BlockingQueue<Envelope> queue(String name) {
        return queues.computeIfAbsent(name, n -> new LinkedBlockingQueue<>());
    }
}
