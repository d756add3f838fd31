package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * A client path's driver with the broker's own queue operations in front: the broker makes the queue exist before
 * every new client connection (so a queue a broker lost at a kill is there again for the clients after the restart,
 * as a path that declares its own queues would have it), and its own count is asked before the path's. A broker
 * that cannot count over the endpoints it was given leaves the count to the path.
 */
final class BrokerQueuesDriver implements Driver {
    private final Driver driver;
    private final QueueAdmin queues;
    private final QueueAdmin.Endpoints broker;

    BrokerQueuesDriver(Driver driver, QueueAdmin queues, QueueAdmin.Endpoints broker) {
        this.driver = driver;
        this.queues = queues;
        this.broker = broker;
    }

    /** {@code driver} itself where the broker has no queue operations of its own. */
    static Driver of(Driver driver, QueueAdmin queues, QueueAdmin.Endpoints broker) {
        return queues == QueueAdmin.NONE ? driver : new BrokerQueuesDriver(driver, queues, broker);
    }

    @Override
    public ClientInfo info() {
        return driver.info();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        queues.prepare(broker, queue);
        return driver.publisher(queue);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        queues.prepare(broker, queue);
        return driver.consumer(queue);
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        queues.prepare(broker, queue);
        return driver.requester(queue, replies);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, LongConsumer onReceive) throws Exception {
        queues.prepare(broker, queue);
        return driver.rpcServer(queue, sessions, onReceive);
    }

    @Override
    public Optional<BrokerCount> brokerCount(String queue) throws Exception {
        Optional<BrokerCount> own;
        try {
            own = queues.count(broker, queue);
        } catch (IllegalArgumentException noEndpoint) {
            own = Optional.empty();
        }
        return own.isPresent() ? own : driver.brokerCount(queue);
    }

    @Override
    public void close() throws Exception {
        driver.close();
    }
}
