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
 * A driver whose publishers or consumers (those of one action) stall together once, halfway through a pass, by a
 * {@link Slowdown}; everything else is the driver's (topics and selecting consumers are not slowed: the experiment
 * slows a seed case). One instance serves one measured pass.
 */
final class SlowedDriver extends ForwardingDriver {
    private final Action capped;
    private final Stall pace;

    /**
     * @param messages the pass's messages per phase: the stall comes after half of them
     * @param fraction the share of the pass's rate to take away
     */
    SlowedDriver(Driver driver, Action capped, long messages, double fraction) {
        this(driver, capped, messages, fraction, Clock.SYSTEM);
    }

    /** As above, on {@code clock}'s time (a test's). */
    SlowedDriver(Driver driver, Action capped, long messages, double fraction, Clock clock) {
        super(driver);
        this.capped = capped;
        this.pace = new Stall(messages / 2, fraction, clock);
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
     * The clients' common stall: the first message of any client sets the origin; the client that completes message
     * {@code half} (in the order the clients finish them) sets the end of the stall at {@code now + 2 x (now - origin)
     * x fraction / (1 - fraction)}, and every client that finishes a message before that end waits for it. Clients
     * the broker feeds less simply stall less often; the stall's length is the same for all.
     */
    static final class Stall {
        private final long half;
        private final double factor;
        private final Clock clock;
        private final AtomicLong origin = new AtomicLong(Long.MIN_VALUE);
        private final AtomicLong messages = new AtomicLong();
        private volatile long until = Long.MIN_VALUE;

        Stall(long half, double fraction, Clock clock) {
            this.half = Math.max(1, half);
            this.factor = 2 * fraction / (1 - fraction);
            this.clock = clock;
        }

        void holdBack() {
            long now = clock.nanos();
            if (origin.get() == Long.MIN_VALUE) {
                origin.compareAndSet(Long.MIN_VALUE, now);
            }
            if (messages.incrementAndGet() == half) {
                until = now + (long) ((now - origin.get()) * factor);
            }
            long end = until;
            while (end != Long.MIN_VALUE && end - now > 0) {
                clock.park(end - now);
                now = clock.nanos();
            }
        }

        /** When the stall ends (or ended); {@code Long.MIN_VALUE} before the half. */
        long until() {
            return until;
        }
    }

    /** The time a stall reads and waits on: the system's, or one a test drives. */
    interface Clock {
        Clock SYSTEM = new Clock() {
            @Override
            public long nanos() {
                return System.nanoTime();
            }

            @Override
            public void park(long nanos) {
                LockSupport.parkNanos(nanos);
            }
        };

        long nanos();

        /** Waits about {@code nanos} (less when woken early: the caller reads the time again). */
        void park(long nanos);
    }
}
