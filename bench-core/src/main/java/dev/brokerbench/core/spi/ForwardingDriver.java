package dev.brokerbench.core.spi;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.BrokerCount;
import java.util.Optional;

/**
 * A driver that hands every call to another one; a subclass overrides what it changes. Every method of
 * {@link Driver} is forwarded here, the wrapped driver's facets included (a subclass that changes what a facet
 * does overrides {@link #facet} for that facet), so a wrapper cannot fall back on an interface default (and lose what the
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
    public <F extends Facet> Optional<F> facet(Class<F> facet) {
        return delegate.facet(facet);
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
