package dev.brokerbench.app.jmh;

import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.spi.DriverFactory;

/** Which of a broker's client paths the JMH benchmarks run against. */
public enum JmhPaths {
    /**
     * The standard client paths that speak the broker's own protocol (Artemis Core, Classic OpenWire, RabbitMQ AMQP
     * 0-9-1, Apollo AMQP 1.0): fewer targets, so each gets the iterations a usable error needs within the budget.
     */
    NATIVE,
    /** Every client path the run selected. */
    ALL;

    public boolean includes(BrokerRuntime runtime, DriverFactory path) {
        return this == ALL || (path.protocol().equals(runtime.broker().nativeProtocol()) && !path.alternative());
    }
}
