package dev.brokerbench.core.broker;

/** What ends a fault that holds until it is ended: closing it heals a cut or lossy link. Never throws. */
@FunctionalInterface
public interface Undo extends AutoCloseable {
    @Override
    void close();
}
