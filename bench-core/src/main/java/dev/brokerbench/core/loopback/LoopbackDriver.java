package dev.brokerbench.core.loopback;

import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Publishes into a {@link LoopbackBroker} queue (or discards, for the no-op ceiling) and confirms at once;
 * consumes from the same queue.
 */
public class LoopbackDriver implements Driver {
    private final LoopbackBroker broker;
    private final boolean discard;

    public LoopbackDriver(LoopbackBroker broker, boolean discard) {
        this.broker = broker;
        this.discard = discard;
    }

    @Override
    public ClientInfo info() {
        return new ClientInfo(discard ? "noop" : "loopback", "brokerbench in-JVM", "n/a",
                Map.of("delivery", discard ? "discarded after stamping" : "in-JVM LinkedBlockingQueue"));
    }

    @Override
    public Publisher publisher(String queue) {
        BlockingQueue<Envelope> q = broker.queue(queue);
        return new Publisher() {
            @Override
            public void send(Stamp stamp, byte[] payload) {
                deliver(q, stamp, payload);
            }

            @Override
            public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
                deliver(q, stamp, payload);
                confirmation.confirmed();
            }

            @Override
            public void close() {
            }
        };
    }

    /** Puts one sent message on the queue; fault-injecting subclasses change what arrives. */
    protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
        if (!discard) {
            queue.add(new Envelope(stamp, payload, false));
        }
    }

    @Override
    public Consumer consumer(String queue) {
        BlockingQueue<Envelope> q = broker.queue(queue);
        return new Consumer() {
            @Override
            public boolean receive(long timeoutMillis, Delivery sink) throws InterruptedException {
                Envelope e = q.poll(timeoutMillis, TimeUnit.MILLISECONDS);
                if (e == null) {
                    return false;
                }
                Stamp s = e.stamp();
                sink.accept(s.stream(), s.sequence(), s.sendNanos(), e.payload().length, e.redelivered());
                return true;
            }

            @Override
            public void acknowledge() {
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
