package dev.brokerbench.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConfirmListener;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * One connection, one channel in confirm mode, publishing persistent messages (delivery mode 2) to the default
 * exchange with the queue name as routing key. Confirms may cover many messages ({@code multiple=true}); each
 * pending send is keyed by its publish sequence number. Messages are published {@code mandatory}: RabbitMQ confirms
 * a message that no queue took (e.g. while a restarted node has not recovered the queue yet) and drops it, so a
 * returned message counts as failed, never as confirmed.
 */
final class AmqpPublisher implements Publisher {
    private static final long CONFIRM_TIMEOUT_MILLIS = 30_000;
    private final Connection connection;
    private final Channel channel;
    private final String queue;
    private final int deliveryMode;
    private final ConcurrentNavigableMap<Long, Pending> pending = new ConcurrentSkipListMap<>();
    /** Stamps (stream, sequence) the broker returned as unroutable; a return arrives before its confirm. */
    private final java.util.Set<String> returned = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private record Pending(String key, Confirmation confirmation) {
    }

    AmqpPublisher(Connection connection, String queue, boolean persistent) throws Exception {
        this.connection = connection;
        this.queue = queue;
        this.deliveryMode = persistent ? 2 : 1;
        this.channel = connection.createChannel();
        AmqpQueues.declare(channel, queue);
        channel.confirmSelect();
        channel.addReturnListener(r -> returned.add(key(r.getProperties().getHeaders())));
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

    private IllegalStateException unroutable() {
        return new IllegalStateException("the broker returned the message as unroutable: no queue '" + queue
                + "' took it");
    }

    private static String key(Map<String, Object> headers) {
        return headers == null ? "" : headers.get(Stamp.STREAM) + "/" + headers.get(Stamp.SEQUENCE);
    }

    private static String key(Stamp stamp) {
        return stamp.stream() + "/" + stamp.sequence();
    }

    private AMQP.BasicProperties properties(Stamp stamp) {
        return new AMQP.BasicProperties.Builder()
                .deliveryMode(deliveryMode)
                .headers(Map.of(Stamp.STREAM, stamp.stream(), Stamp.SEQUENCE, stamp.sequence(),
                        Stamp.SEND_NANOS, stamp.sendNanos()))
                .build();
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        channel.basicPublish("", queue, true, properties(stamp), payload);
        channel.waitForConfirmsOrDie(CONFIRM_TIMEOUT_MILLIS);
        if (returned.remove(key(stamp))) {
            throw unroutable();
        }
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
        pending.put(channel.getNextPublishSeqNo(), new Pending(key(stamp), confirmation));
        channel.basicPublish("", queue, true, properties(stamp), payload);
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
