package dev.brokerbench.stomp;

import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.HashMap;
import java.util.Map;

/**
 * One connection sending to the queue's destination, every SEND with {@code persistent:true} and a {@code receipt}
 * header: a sync send returns when the broker's RECEIPT arrives, an async send is confirmed by it (the caller keeps
 * at most the publish window unreceipted). The stamp travels as three headers.
 */
final class StompPublisher implements Publisher {
    private final StompLink link;
    private final String destination;
    private final Map<String, String> headers;

    /** @param headers every SEND's headers but the stamp ({@link StompDialect#sending}) */
    StompPublisher(StompLink link, String destination, Map<String, String> headers) {
        this.link = link;
        this.destination = destination;
        this.headers = Map.copyOf(headers);
    }

    /** A new map per send: it becomes the frame's. */
    private Map<String, String> headers(Stamp stamp) {
        Map<String, String> h = new HashMap<>(headers);
        h.put(Stamp.STREAM, Long.toString(stamp.stream()));
        h.put(Stamp.SEQUENCE, Long.toString(stamp.sequence()));
        h.put(Stamp.SEND_NANOS, Long.toString(stamp.sendNanos()));
        return h;
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        Await.result(link.sendWithReceipt(destination, headers(stamp), payload), "SEND to " + destination);
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
        link.sendWithReceipt(destination, headers(stamp), payload).onComplete(receipt -> {
            if (receipt.succeeded()) {
                confirmation.confirmed();
            } else {
                confirmation.failed(receipt.cause());
            }
        });
    }

    @Override
    public void close() throws Exception {
        link.close();
    }
}
