package dev.brokerbench.stomp;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Stamp;
import io.vertx.ext.stomp.Command;
import io.vertx.ext.stomp.Frame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection with one {@code ack:client-individual} subscription (made in {@link #start()}, so nothing is
 * pushed before the phase), carrying the broker's prefetch header: the broker counts every unacknowledged message
 * against it. AUTO acknowledges each message after it was handed over, CLIENT sends an ACK per message received since
 * the last acknowledgement and waits for the receipt of the last one, TRANSACTED does the same inside BEGIN/COMMIT.
 * MESSAGE frames arrive on a Vert.x event loop and are handed to the caller's thread.
 */
final class StompConsumer implements Consumer {
    private static final AtomicLong TRANSACTIONS = new AtomicLong();
    private final StompLink link;
    private final String destination;
    private final Map<String, String> subscribeHeaders;
    private final AckMode ackMode;
    private final BlockingQueue<Frame> deliveries = new LinkedBlockingQueue<>();
    private final List<String> unacknowledged = new ArrayList<>();

    /** @param window the broker's prefetch header, or none */
    StompConsumer(StompLink link, StompDialect dialect, String queue, Map<String, String> window, AckMode ackMode) {
        this.link = link;
        this.destination = dialect.destination().apply(queue);
        this.subscribeHeaders = Map.copyOf(dialect.subscription(window, "client-individual", "brokerbench-0"));
        this.ackMode = ackMode;
    }

    @Override
    public void start() throws Exception {
        Await.result(link.subscribe(destination, subscribeHeaders, deliveries::add), "SUBSCRIBE to " + destination);
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        Frame m = deliveries.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (m == null) {
            return false;
        }
        int bytes = m.getBody() == null ? 0 : m.getBody().length();
        boolean redelivered = "true".equals(m.getHeader("redelivered"));
        String stream = m.getHeader(Stamp.STREAM);
        if (stream != null) {
            sink.accept(Long.parseLong(stream), Long.parseLong(m.getHeader(Stamp.SEQUENCE)),
                    Long.parseLong(m.getHeader(Stamp.SEND_NANOS)), bytes, redelivered);
        } else {
            sink.accept(Stamp.NONE, -1, 0, bytes, redelivered);
        }
        String ackId = StompLink.ackId(m);
        if (ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK) {
            link.send(Command.ACK, Map.of(Frame.ID, ackId));
        } else {
            unacknowledged.add(ackId);
        }
        return true;
    }

    @Override
    public void acknowledge() throws Exception {
        if (unacknowledged.isEmpty()) {
            return;
        }
        Map<String, String> tx = Map.of();
        if (ackMode == AckMode.TRANSACTED) {
            tx = Map.of(Frame.TRANSACTION, "brokerbench-tx-" + TRANSACTIONS.incrementAndGet());
            link.send(Command.BEGIN, tx);
        }
        int last = unacknowledged.size() - 1;
        for (int i = 0; i < last; i++) {
            link.send(Command.ACK, with(tx, unacknowledged.get(i)));
        }
        if (ackMode == AckMode.TRANSACTED) {
            link.send(Command.ACK, with(tx, unacknowledged.get(last)));
            link.sendAndAwait(Command.COMMIT, tx, "COMMIT of acknowledgements");
        } else {
            link.sendAndAwait(Command.ACK, with(tx, unacknowledged.get(last)), "ACK");
        }
        unacknowledged.clear();
    }

    private static Map<String, String> with(Map<String, String> tx, String ackId) {
        Map<String, String> h = new HashMap<>(tx);
        h.put(Frame.ID, ackId);
        return h;
    }

    @Override
    public void close() throws Exception {
        link.close();
    }
}
