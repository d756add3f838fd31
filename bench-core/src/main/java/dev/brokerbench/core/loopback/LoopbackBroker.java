package dev.brokerbench.core.loopback;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Stamp;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An in-JVM stand-in for a broker: named unbounded queues, and topics that copy each message to the queue of every
 * subscription. Used to measure the harness's own ceiling and, with
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

    /** Per topic, the names of its subscriptions: each a queue of that name. */
    private final ConcurrentHashMap<String, Set<String>> subscriptions = new ConcurrentHashMap<>();

    /** From now on {@code topic}'s messages are put on the queue {@code name} too. */
    public void subscribe(String topic, String name) {
        subscriptions.computeIfAbsent(topic, t -> ConcurrentHashMap.newKeySet()).add(name);
    }

    /** Ends the subscription {@code name} and drops its queue. */
    public void unsubscribe(String topic, String name) {
        subscriptions.getOrDefault(topic, Set.of()).remove(name);
        queues.remove(name);
    }

    /** The subscriptions of {@code topic}, by name. */
    public Set<String> subscriptions(String topic) {
        return Set.copyOf(subscriptions.getOrDefault(topic, Set.of()));
    }
}
