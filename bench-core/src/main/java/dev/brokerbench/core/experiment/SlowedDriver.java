package dev.brokerbench.core.experiment;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.ForwardingDriver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver whose publishers or consumers (those of one action) are held together to a rate by a {@link Slowdown}:
 * one schedule for all of them, so the total is capped however the broker shares the work among the clients;
 * everything else is the driver's (topics and selecting consumers are not slowed: the experiment slows a seed
 * case). One instance serves one measured pass.
 */
final class SlowedDriver extends ForwardingDriver {
    private final Action capped;
    private final Pace pace;

    /** @param rate messages per second the publishers or consumers of {@code capped} may reach together */
    SlowedDriver(Driver driver, Action capped, double rate) {
        super(driver);
        this.capped = capped;
        this.pace = new Pace(1e9 / rate);
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return slowed(delegate().publisher(queue));
    }

    @Override
    public Publisher publisher(String queue, PublishMode mode) throws Exception {
        return slowed(delegate().publisher(queue, mode));
    }

    private Publisher slowed(Publisher publisher) {
        if (capped != Action.PUBLISH) {
            return publisher;
        }
        return new Publisher() {
            @Override
            public void send(Stamp stamp, byte[] payload) throws Exception {
                publisher.send(stamp, payload);
                pace.holdBack();
            }

            @Override
            public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                publisher.sendAsync(stamp, payload, confirmation);
                pace.holdBack();
            }

            @Override
            public void close() throws Exception {
                publisher.close();
            }
        };
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        Consumer consumer = delegate().consumer(queue);
        if (capped != Action.CONSUME) {
            return consumer;
        }
        return new Consumer() {
            @Override
            public void join(int members, long timeoutMillis) throws Exception {
                consumer.join(members, timeoutMillis);
            }

            @Override
            public void start() throws Exception {
                consumer.start();
            }

            @Override
            public void awaitReady(long timeoutMillis) throws Exception {
                consumer.awaitReady(timeoutMillis);
            }

            @Override
            public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
                boolean received = consumer.receive(timeoutMillis, sink);
                if (received) {
                    pace.holdBack();
                }
                return received;
            }

            @Override
            public void acknowledge() throws Exception {
                consumer.acknowledge();
            }

            @Override
            public void close() throws Exception {
                consumer.close();
            }
        };
    }

    /**
     * The clients' common pace: the first message of any client sets the origin, and the n-th message after it (in the
     * order the clients finish them) may not complete before {@code origin + n x nanosPerMessage}; its thread parks
     * until then. The schedule is absolute, so a park that overshoots (a park is far coarser than one fast send) is
     * made up by the next messages, not added up; and a client that the broker feeds less simply takes fewer tickets.
     */
    static final class Pace {
        private final double nanosPerMessage;
        private final AtomicLong origin = new AtomicLong(Long.MIN_VALUE);
        private final AtomicLong messages = new AtomicLong();

        Pace(double nanosPerMessage) {
            this.nanosPerMessage = nanosPerMessage;
        }

        void holdBack() {
            long now = System.nanoTime();
            if (origin.get() == Long.MIN_VALUE && origin.compareAndSet(Long.MIN_VALUE, now)) {
                return;
            }
            long due = origin.get() + (long) (messages.incrementAndGet() * nanosPerMessage);
            while (due - now > 0) {
                LockSupport.parkNanos(due - now);
                now = System.nanoTime();
            }
        }
    }
}
