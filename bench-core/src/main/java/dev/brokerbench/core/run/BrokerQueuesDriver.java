package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Facet;
import dev.brokerbench.core.spi.ForwardingDriver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.Selectors;
import dev.brokerbench.core.spi.ServerReceipt;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A client path's driver with the broker's own queue operations in front: the broker makes a queue exist before the
 * first client connection to it, and again after each restart of the broker (so a queue a broker lost at a kill is
 * there again for the clients, as a path that declares its own queues would have it); its own count is asked
 * before the path's. A broker that cannot count over the endpoints it was given leaves the count to the path. A topic
 * is no queue of the broker's: the path makes what it needs itself.
 */
final class BrokerQueuesDriver extends ForwardingDriver {
    private final QueueAdmin queues;
    private final QueueAdmin.Endpoints broker;
    /** Queues made to exist since the broker last (re)started. */
    private final Set<String> prepared = new HashSet<>();

    BrokerQueuesDriver(Driver driver, QueueAdmin queues, QueueAdmin.Endpoints broker) {
        super(driver);
        this.queues = queues;
        this.broker = broker;
    }

    /** The broker restarted: its queues are made to exist again before the next client connects. */
    synchronized void brokerRestarted() {
        prepared.clear();
    }

    /** Clients open in parallel: the second waits until the first made the queue exist. */
    private synchronized void prepare(String queue) throws Exception {
        if (!prepared.contains(queue)) {
            queues.prepare(broker, queue);
            prepared.add(queue);
        }
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        prepare(queue);
        return delegate().publisher(queue);
    }

    @Override
    public Publisher publisher(String queue, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        prepare(queue);
        return delegate().publisher(queue, mode);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        prepare(queue);
        return delegate().consumer(queue);
    }

    @Override
    public <F extends Facet> Optional<F> facet(Class<F> facet) {
        Optional<F> inner = super.facet(facet);
        if (facet == Selectors.class) {
            return inner.map(s -> facet.cast(selectors((Selectors) s)));
        }
        if (facet == Calls.class) {
            return inner.map(c -> facet.cast(calls((Calls) c)));
        }
        return inner; // a topic is no queue of the broker's
    }

    private Selectors selectors(Selectors inner) {
        return (queue, selection) -> {
            prepare(queue);
            return inner.consumer(queue, selection);
        };
    }

    private Calls calls(Calls inner) {
        return new Calls() {
            @Override
            public Requester requester(String queue, boolean replies) throws Exception {
                prepare(queue);
                return inner.requester(queue, replies);
            }

            @Override
            public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
                prepare(queue);
                return inner.rpcServer(queue, sessions, onReceive);
            }
        };
    }

    @Override
    public Optional<BrokerCount> brokerCount(String queue) throws Exception {
        Optional<BrokerCount> own;
        try {
            own = queues.count(broker, queue);
        } catch (IllegalArgumentException noEndpoint) {
            own = Optional.empty();
        }
        return own.isPresent() ? own : delegate().brokerCount(queue);
    }

}
