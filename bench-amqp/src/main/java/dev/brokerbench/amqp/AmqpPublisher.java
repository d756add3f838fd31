package dev.brokerbench.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConfirmListener;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * One connection, one channel in confirm mode, publishing persistent messages (delivery mode 2) along its
 * {@link AmqpRoute}: to a queue through the default exchange, or to a topic's fanout exchange. Confirms may cover many messages ({@code multiple=true}); each
 * pending send, sync or async, is keyed by its publish sequence number and completed by the confirm listener.
 * Messages are published {@code mandatory}: RabbitMQ confirms a message that no queue took (e.g. while a restarted
 * node has not recovered the queue yet, or a topic no subscription is bound to) and drops it, so a returned message counts as failed, never as confirmed.
 *
 * <p>Sync sends do not use {@code waitForConfirmsOrDie}: with automatic recovery the channel's delegate is replaced
 * under the caller, and the new delegate has nothing unconfirmed, so a wait that starts after the swap returns
 * "all confirmed" for a message published on the old one; and the new delegate publishes for a moment before
 * recovery puts it back in confirm mode, which the wait cannot see either. Here a send is confirmed only by an ack
 * for the sequence number it was published under, on the channel it was published on: when a channel shuts down
 * every pending send fails (sequence numbers restart on the recovered channel), a send made while the channel is
 * not in confirm mode fails, and a send whose sequence number moved under it (published on another delegate than
 * the one that numbered it) fails. A failed send may still have arrived; the run's accounting shows it as an
 * unconfirmed arrival or, when resent, a duplicate, never as a confirmed message.
 */
final class AmqpPublisher implements Publisher {
    private static final long CONFIRM_TIMEOUT_MILLIS = 30_000;
    private final Connection connection;
    private final Channel channel;
    private final AmqpRoute route;
    private final int deliveryMode;
    private final ConcurrentNavigableMap<Long, Pending> pending = new ConcurrentSkipListMap<>();
    /** Stamps (stream, sequence) the broker returned as unroutable; a return arrives before its confirm. */
    private final java.util.Set<String> returned = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private record Pending(String key, Confirmation confirmation) {
    }

    AmqpPublisher(Connection connection, AmqpRoute route, boolean persistent) throws Exception {
        this.connection = connection;
        this.route = route;
        this.deliveryMode = persistent ? 2 : 1;
        this.channel = connection.createChannel();
        route.declare(channel);
        channel.confirmSelect();
        channel.addReturnListener(r -> returned.add(key(r.getProperties().getHeaders())));
        channel.addShutdownListener(this::failPending);
        channel.addConfirmListener(new ConfirmListener() {
            @Override
            public void handleAck(long deliveryTag, boolean multiple) {
                complete(deliveryTag, multiple, null);
            }

            @Override
            public void handleNack(long deliveryTag, boolean multiple) {
                complete(deliveryTag, multiple, new IllegalStateException("broker nacked publish " + deliveryTag));
            }
        });
    }

    private void complete(long tag, boolean multiple, Exception nack) {
        ConcurrentNavigableMap<Long, Pending> done = multiple ? pending.headMap(tag, true)
                : pending.subMap(tag, true, tag, true);
        for (Map.Entry<Long, Pending> e : done.entrySet()) {
            if (pending.remove(e.getKey()) != null) {
                Pending p = e.getValue();
                if (nack != null) {
                    p.confirmation().failed(nack);
                } else if (returned.remove(p.key())) {
                    p.confirmation().failed(unroutable());
                } else {
                    p.confirmation().confirmed();
                }
            }
        }
    }

    /** The channel closed (or its connection was lost): no ack for what it numbered can arrive any more. */
    private void failPending(Throwable cause) {
        for (Long tag : pending.keySet()) {
            Pending p = pending.remove(tag);
            if (p != null) {
                p.confirmation().failed(new IllegalStateException("channel shut down before the broker confirmed"
                        + " publish " + tag, cause));
            }
        }
    }

    /**
     * Publishes under the channel's next sequence number, registered as pending before the publish so that the
     * ack cannot overtake it. Called by one thread per publisher.
     */
    private void publish(Stamp stamp, byte[] payload, Confirmation confirmation) throws IOException {
        long seq = channel.getNextPublishSeqNo();
        if (seq == 0) {
            throw new IllegalStateException("the channel is not in confirm mode (it is being recovered)");
        }
        pending.put(seq, new Pending(key(stamp), confirmation));
        try {
            channel.basicPublish(route.exchange(), route.routingKey(), true, stamped(deliveryMode, stamp), payload);
        } catch (IOException | RuntimeException e) {
            pending.remove(seq);
            throw e;
        }
        if (channel.getNextPublishSeqNo() != seq + 1 && pending.remove(seq) != null) {
            throw new IllegalStateException("publish " + seq + " went out on another channel than the one that"
                    + " numbered it (recovery replaced the channel meanwhile)");
        }
    }

    private IllegalStateException unroutable() {
        return new IllegalStateException("the broker returned the message as unroutable: " + route.describe()
                + " routed it to no queue");
    }

    private static String key(Map<String, Object> headers) {
        return headers == null ? "" : headers.get(Stamp.STREAM) + "/" + headers.get(Stamp.SEQUENCE);
    }

    private static String key(Stamp stamp) {
        return stamp.stream() + "/" + stamp.sequence();
    }

    /** A persistent (2) or transient (1) message carrying the stamp in its headers. */
    static AMQP.BasicProperties stamped(int deliveryMode, Stamp stamp) {
        return new AMQP.BasicProperties.Builder()
                .deliveryMode(deliveryMode)
                .headers(Map.of(Stamp.STREAM, stamp.stream(), Stamp.SEQUENCE, stamp.sequence(),
                        Stamp.SEND_NANOS, stamp.sendNanos()))
                .build();
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        AwaitedConfirmation confirmation = new AwaitedConfirmation();
        publish(stamp, payload, confirmation);
        confirmation.await(CONFIRM_TIMEOUT_MILLIS);
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
        publish(stamp, payload, confirmation);
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
