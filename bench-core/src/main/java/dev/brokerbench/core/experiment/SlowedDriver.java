package dev.brokerbench.core.experiment;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.Stamp;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * A driver whose publishers or consumers (those of one action) are held together to a rate by a {@link Slowdown}:
 * one schedule for all of them, so the total is capped however the broker shares the work among the clients;
 * everything else is the driver's. One instance serves one measured pass.
 */
final class SlowedDriver implements Driver {
    private final Driver driver;
    private final Action capped;
    private final Pace pace;

    /** @param rate messages per second the publishers or consumers of {@code capped} may reach together */
    SlowedDriver(Driver driver, Action capped, double rate) {
        this.driver = driver;
        this.capped = capped;
        this.pace = new Pace(1e9 / rate);
    }

    @Override
    public ClientInfo info() {
        return driver.info();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        Publisher publisher = driver.publisher(queue);
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

    /** Topics and selecting consumers are not slowed (the experiment slows a seed case's publish or consume). */
    @Override
    public Consumer consumer(String queue, dev.brokerbench.core.model.Selection selection) throws Exception {
        return driver.consumer(queue, selection);
    }

    @Override
    public Publisher topicPublisher(String topic, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        return driver.topicPublisher(topic, mode);
    }

    @Override
    public Consumer subscriber(dev.brokerbench.core.spi.Subscription subscription) throws Exception {
        return driver.subscriber(subscription);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        Consumer consumer = driver.consumer(queue);
        if (capped != Action.CONSUME) {
            return consumer;
        }
        return new Consumer() {
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

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return driver.requester(queue, replies);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, LongConsumer onReceive) throws Exception {
        return driver.rpcServer(queue, sessions, onReceive);
    }

    @Override
    public Optional<BrokerCount> brokerCount(String queue) throws Exception {
        return driver.brokerCount(queue);
    }

    @Override
    public void close() throws Exception {
        driver.close();
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
