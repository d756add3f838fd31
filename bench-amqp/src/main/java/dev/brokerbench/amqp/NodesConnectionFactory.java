package dev.brokerbench.amqp;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.brokerbench.core.broker.Endpoint;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A connection factory given every node of the broker: each connection goes to one of them (amqp-client shuffles
 * the list), and automatic recovery, where on, moves a connection whose node died to another.
 */
final class NodesConnectionFactory extends ConnectionFactory {
    private final List<Address> nodes;

    NodesConnectionFactory(Endpoint endpoint) {
        this.nodes = endpoint.addresses().stream().map(a -> new Address(a.host(), a.port())).toList();
        setHost(endpoint.host());
        setPort(endpoint.port());
    }

    @Override
    public Connection newConnection(String clientProvidedName) throws IOException, TimeoutException {
        return newConnection(nodes, clientProvidedName);
    }
}
