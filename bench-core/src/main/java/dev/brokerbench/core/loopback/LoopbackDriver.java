package dev.brokerbench.core.loopback;

import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.loopback.LoopbackBroker.Request;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import dev.brokerbench.core.spi.Selectors;
import dev.brokerbench.core.spi.Stamp;
import dev.brokerbench.core.spi.Subscription;
import dev.brokerbench.core.spi.Topics;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Selection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Publishes into a {@link LoopbackBroker} queue (or discards, for the no-op ceiling) and confirms at once;
 * consumes from the same queue.
 */
public class LoopbackDriver implements Driver, Topics, Selectors, Calls {
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
        return publisher((stamp, payload) -> deliver(q, stamp, payload));
    }

    /** Each message goes to the queue of every subscription the topic has when it is sent. */
    @Override
    public Publisher topicPublisher(String topic, PublishMode mode) {
        return publisher((stamp, payload) -> {
            for (String subscription : broker.subscriptions(topic)) {
                deliver(broker.queue(subscription), stamp, payload);
            }
        });
    }

    /** Where a publisher puts each message. */
    @FunctionalInterface
    private interface Put {
        void put(Stamp stamp, byte[] payload);
    }

    private static Publisher publisher(Put put) {
        return new Publisher() {
            @Override
            public void send(Stamp stamp, byte[] payload) {
                put.put(stamp, payload);
            }

            @Override
            public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
                put.put(stamp, payload);
                confirmation.confirmed();
            }

            @Override
            public void sendUnconfirmed(Stamp stamp, byte[] payload) {
                put.put(stamp, payload);
            }

            /** Staged until the commit. */
            private final List<Envelope> transaction = new ArrayList<>();

            @Override
            public void sendTransacted(Stamp stamp, byte[] payload) {
                transaction.add(new Envelope(stamp, payload, false));
            }

            @Override
            public void commit() {
                transaction.forEach(e -> put.put(e.stamp(), e.payload()));
                transaction.clear();
            }

            @Override
            public void rollback() {
                transaction.clear();
            }

            @Override
            public void close() {
            }
        };
    }

    /** Called on a consumer's thread after each delivery; a subclass may hold it back (a slow broker). */
    protected void delivered() {
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
        return consumer(q, timeoutMillis -> q.poll(timeoutMillis, TimeUnit.MILLISECONDS), () -> { }, () -> { });
    }

    /** Takes the first message on the queue the selector matches, leaving the others where they are. */
    @Override
    public Consumer consumer(String queue, Selection selection) {
        BlockingQueue<Envelope> q = broker.queue(queue);
        return consumer(q, timeoutMillis -> {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            do {
                for (Envelope e : q) {
                    if (selection.matches(e.stamp().sequence()) && q.remove(e)) {
                        return e;
                    }
                }
                Thread.sleep(1);
            } while (System.nanoTime() < until);
            return null;
        }, () -> { }, () -> { });
    }

    /** The subscription is made when the consumer starts and ended when it closes. */
    @Override
    public Consumer subscriber(Subscription subscription) {
        String topic = subscription.topic();
        String name = subscription.name();
        BlockingQueue<Envelope> q = broker.queue(name);
        return consumer(q, timeoutMillis -> q.poll(timeoutMillis, TimeUnit.MILLISECONDS),
                () -> broker.subscribe(topic, name), () -> broker.unsubscribe(topic, name));
    }

    /** How a consumer takes its next message: within the timeout, or null. */
    @FunctionalInterface
    private interface Take {
        Envelope next(long timeoutMillis) throws InterruptedException;
    }

    /**
     * A consumer taking from {@code home} with {@code take}; what it received since its last acknowledgement goes
     * back there, flagged as redelivered, when it rolls back. Only a consumer that acknowledges explicitly keeps what
     * it received (from its first acknowledgement on: a rollback follows at least one commit), so one whose library
     * acknowledges (AUTO) holds nothing.
     */
    private Consumer consumer(BlockingQueue<Envelope> home, Take take, Runnable onStart, Runnable onClose) {
        return new Consumer() {
            private boolean started;
            private final List<Envelope> unacknowledged = new ArrayList<>();
            private boolean acknowledges;

            @Override
            public void start() {
                onStart.run();
                started = true;
            }

            @Override
            public boolean receive(long timeoutMillis, Delivery sink) throws InterruptedException {
                if (!started) {
                    throw new IllegalStateException("receive() before start(): a consumer is created stopped");
                }
                Envelope e = take.next(timeoutMillis);
                if (e == null) {
                    return false;
                }
                if (acknowledges) {
                    unacknowledged.add(e);
                }
                Stamp s = e.stamp();
                sink.accept(s.stream(), s.sequence(), s.sendNanos(), e.payload().length, e.redelivered());
                delivered();
                return true;
            }

            @Override
            public void acknowledge() {
                acknowledges = true;
                unacknowledged.clear();
            }

            @Override
            public void rollback() {
                unacknowledged.forEach(e -> home.add(new Envelope(e.stamp(), e.payload(), true)));
                unacknowledged.clear();
            }

            @Override
            public void close() {
                onClose.run();
            }
        };
    }

    @Override
    public Requester requester(String queue, boolean withReplies) {
        BlockingQueue<Request> requests = broker.requests(queue);
        BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
        return new Requester() {
            @Override
            public void request(long correlationId, byte[] payload) {
                send(requests, new Request(correlationId, payload, replies));
            }

            @Override
            public Reply poll(long timeoutMillis) throws InterruptedException {
                return replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            }

            @Override
            public void cast(long correlationId, byte[] payload) {
                send(requests, new Request(correlationId, payload, null));
            }

            @Override
            public void close() {
            }
        };
    }

    /** Puts one request on the request queue; fault-injecting subclasses change what arrives. */
    protected void send(BlockingQueue<Request> requests, Request request) {
        requests.add(request);
    }

    /** Sends a server's reply; fault-injecting subclasses change what goes back. */
    protected void answer(Request request, Reply reply) {
        request.replyTo().add(reply);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) {
        BlockingQueue<Request> requests = broker.requests(queue);
        AtomicLong received = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
            Thread t = new Thread(() -> {
                try {
                    while (running.get()) {
                        Request r = requests.poll(50, TimeUnit.MILLISECONDS);
                        if (r == null) {
                            continue;
                        }
                        received.incrementAndGet();
                        onReceive.received(r.correlationId(), System.nanoTime());
                        if (r.replyTo() != null) {
                            answer(r, new Reply(r.correlationId(), RpcPayload.transform(r.body())));
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "loopback-rpc-server-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        return new RpcServer() {
            @Override
            public long received() {
                return received.get();
            }

            @Override
            public void close() throws InterruptedException {
                running.set(false);
                for (Thread t : threads) {
                    t.join(1000);
                }
            }
        };
    }

    @Override
    public void close() {
    }
}
