package dev.brokerbench.core.spi;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Selection;
import dev.brokerbench.core.result.BrokerCount;
import java.util.Optional;

/**
 * A driver that hands every call to another one; a subclass overrides what it changes. Every method of
 * {@link Driver} is forwarded here, so a wrapper cannot fall back on an interface default (and lose what the
 * wrapped path does) when the SPI grows.
 */
public abstract class ForwardingDriver implements Driver {
    private final Driver delegate;

    protected ForwardingDriver(Driver delegate) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
    }

    /** The driver the calls go to. */
    protected final Driver delegate() {
        return delegate;
    }

    @Override
    public ClientInfo info() {
        return delegate.info();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return delegate.publisher(queue);
    }

    @Override
    public Publisher publisher(String queue, PublishMode mode) throws Exception {
        return delegate.publisher(queue, mode);
    }

    @Override
    public void verifyConnection() throws Exception {
        delegate.verifyConnection();
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        return delegate.consumer(queue);
    }

    @Override
    public Consumer consumer(String queue, Selection selection) throws Exception {
        return delegate.consumer(queue, selection);
    }

    @Override
    public Publisher topicPublisher(String topic, PublishMode mode) throws Exception {
        return delegate.topicPublisher(topic, mode);
    }

    @Override
    public Consumer subscriber(Subscription subscription) throws Exception {
        return delegate.subscriber(subscription);
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return delegate.requester(queue, replies);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
        return delegate.rpcServer(queue, sessions, onReceive);
    }

    @Override
    public Optional<BrokerCount> brokerCount(String queue) throws Exception {
        return delegate.brokerCount(queue);
    }

    @Override
    public void close() throws Exception {
        delegate.close();
    }
}
