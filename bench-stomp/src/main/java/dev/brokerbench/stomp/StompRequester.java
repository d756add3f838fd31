package dev.brokerbench.stomp;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import io.vertx.ext.stomp.Frame;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A STOMP request/reply client on one connection. A request is a SEND with {@code reply-to} (a destination private to
 * this connection, as the broker's {@link StompDialect.ReplyTo} makes it) and {@code correlation-id}, without a
 * receipt: the calls in flight are bounded by the workload's call window, like the other paths' transient requests.
 * A one-way send has no {@code reply-to}, only the {@code correlation-id}, and asks for a receipt, with at most the
 * publish window outstanding: Vert.x STOMP has no other back-pressure, and a sender without a bound would queue its
 * messages in the client's memory.
 */
final class StompRequester implements Requester {
    private final StompLink link;
    private final String destination;
    private final Map<String, String> headers;
    private final String replyTo;
    private final Semaphore castWindow;
    private final AtomicReference<Throwable> castFailure = new AtomicReference<>();
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();

    /**
     * @param reply how the reply destination is made; null for a one-way client, which has none
     */
    StompRequester(StompLink link, StompDialect dialect, String queue, boolean persistent, int castWindow,
                   StompDialect.ReplyTo reply) throws Exception {
        this.link = link;
        this.destination = dialect.destination().apply(queue);
        this.headers = Map.copyOf(dialect.sending(persistent));
        this.castWindow = new Semaphore(castWindow);
        this.replyTo = reply == null ? null : reply.destination().apply("brokerbench-reply-" + UUID.randomUUID());
        try {
            if (reply != null && reply.subscribed()) {
                Await.result(link.subscribe(replyTo, dialect.subscription(Map.of(), "auto", replyTo), this::replied),
                        "SUBSCRIBE to " + replyTo);
            } else if (reply != null) {
                link.onImplicitSubscription(replyTo, this::replied);
            }
        } catch (Exception e) {
            link.close();
            throw e;
        }
    }

    private void replied(Frame m) {
        replies.add(new Reply(Reply.parse(m.getHeader("correlation-id")),
                m.getBody() == null ? new byte[0] : m.getBody().getBytes()));
    }

    @Override
    public void request(long correlationId, byte[] payload) {
        Map<String, String> h = new HashMap<>(headers);
        h.put("reply-to", replyTo);
        h.put("correlation-id", Long.toString(correlationId));
        link.sendWithoutReceipt(destination, h, payload);
    }

    @Override
    public Reply poll(long timeoutMillis) throws InterruptedException {
        return replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void cast(long correlationId, byte[] payload) throws Exception {
        if (!castWindow.tryAcquire(Await.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("no RECEIPT for one-way SENDs to " + destination + " within "
                    + Await.TIMEOUT_MILLIS + " ms");
        }
        Throwable failed = castFailure.get();
        if (failed != null) {
            throw new IllegalStateException("a one-way SEND to " + destination + " failed: " + failed.getMessage(),
                    failed);
        }
        Map<String, String> h = new HashMap<>(headers);
        h.put("correlation-id", Long.toString(correlationId));
        link.sendWithReceipt(destination, h, payload).onComplete(receipt -> {
            if (receipt.failed()) {
                castFailure.compareAndSet(null, receipt.cause());
            }
            castWindow.release();
        });
    }

    @Override
    public void close() throws Exception {
        link.close();
    }
}
