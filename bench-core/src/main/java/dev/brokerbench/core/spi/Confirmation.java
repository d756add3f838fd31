package dev.brokerbench.core.spi;

/** Completion of one asynchronous send; called by the driver from any thread, exactly once per send. */
public interface Confirmation {
    void confirmed();

    void failed(Throwable cause);
}
