package dev.brokerbench.amqp;

import com.rabbitmq.client.ConnectionFactory;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.Map;

/**
 * RabbitMQ's native AMQP 0-9-1 client. Sync publish waits for the broker's confirm of each message; async keeps at
 * most the publish window unconfirmed (publisher confirms); consumers use {@code basic.qos(prefetch)} and manual
 * acks. Automatic connection recovery is off unless a fault asks the clients to reconnect (sync publish only): a
 * broken connection fails the phase and is reported, rather than being hidden behind a reconnect that restarts
 * publish sequence numbers at 1.
 */
public final class RabbitAmqpDriverFactory implements DriverFactory {
    @Override
    public String id() {
        return "rabbitmq-amqp091";
    }

    @Override
    public String description() {
        return "RabbitMQ's native AMQP 0-9-1 client (com.rabbitmq:amqp-client), publisher confirms, basic.qos";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AMQP091;
    }

    @Override
    public Class<? extends Driver> driverType() {
        return RabbitAmqpDriver.class;
    }

    @Override
    public Map<Capability, Support> gaps() {
        Map<Capability, Support> c = new java.util.EnumMap<>(Capability.class);
        c.put(Capability.SELECTORS, Support.no("AMQP 0-9-1 has no message selectors: a queue hands its messages in"
                + " order to whichever consumer has credit (routing by header is an exchange's, before the queue)"));
        return c;
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        ConnectionFactory factory = new NodesConnectionFactory(endpoint);
        // the brokers the suite starts let guest in on loopback; a broker the user runs, as the user says
        factory.setUsername(endpoint.credentials().user().orElse("guest"));
        factory.setPassword(endpoint.credentials().user().isPresent() ? endpoint.credentials().password().orElse("")
                : "guest");
        factory.setAutomaticRecoveryEnabled(spec.reconnect());
        factory.setTopologyRecoveryEnabled(spec.reconnect());
        factory.setNetworkRecoveryInterval(100);
        factory.setConnectionTimeout(30_000);
        factory.setChannelRpcTimeout(30_000);
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, (endpoint.tls().isPresent() ? "amqps://" : "amqp://")
                + endpoint.hostsAndPorts(","));
        if (!endpoint.others().isEmpty()) {
            settings.set(ClientSetting.NODES, "every node's address given (newConnection(List<Address>): each"
                    + " connection to one of them; recovery moves it to another)");
        }
        endpoint.tls().ifPresent(tls -> {
            factory.useSslProtocol(tls.sslContext());
            factory.enableHostnameVerification(); // amqp-client does not verify the host name unless told
            settings.set(ClientSetting.TLS, tls.describe() + " (useSslProtocol with the stores' context)");
        });
        settings.set(ClientSetting.CREDENTIALS, endpoint.credentials().user().isPresent()
                ? endpoint.credentials().describe()
                : "guest (the brokers the suite starts let it in on loopback)");
        settings.set(ClientSetting.QUEUE, "durable queue declared without arguments (the broker's default type),"
                + " default exchange");
        settings.set(ClientSetting.TOPICS, "a durable fanout exchange named after the topic; each subscription a"
                + " queue of its own bound to it (durable: a durable queue; non-durable: exclusive, auto-delete),"
                + " deleted when its consumer closes");
        settings.set(ClientSetting.DELIVERY_MODE, spec.persistent() ? "2 (persistent)" : "1 (transient)");
        settings.set(ClientSetting.SYNC_PUBLISH, "basicPublish, then wait for the ack of its own publish sequence"
                + " number");
        settings.set(ClientSetting.UNCONFIRMED_PUBLISH, "basic.publish on a channel without publisher confirms");
        settings.set(ClientSetting.ASYNC_PUBLISH, "publisher confirms (multiple=true handled), window "
                + spec.publishWindow());
        settings.set(ClientSetting.PREFETCH, "basic.qos " + spec.prefetch() + " messages");
        settings.set(ClientSetting.ACK_MODE, switch (spec.ackMode()) {
            case AUTO, DUPS_OK -> "manual basicAck of each message after it is handed over";
            case CLIENT -> "basicAck multiple=true every " + spec.ackBatch();
            case TRANSACTED -> "tx.select; basicAck multiple=true and txCommit every " + spec.ackBatch()
                    + "; a rollback: txRollback, then basicNack multiple=true requeue=true of what was taken, committed"
                    + " (tx.rollback alone leaves the messages unacknowledged on the channel, not redelivered)";
        });
        settings.set(ClientSetting.TRANSACTIONS, "a channel in tx.select (no publisher confirms): basicPublish,"
                + " txCommit every "
                + spec.ackBatch() + " (or txRollback)");
        settings.set(ClientSetting.RECONNECT, spec.reconnect() ? "automatic recovery on (every 100 ms, with"
                + " topology); what a lost channel had not confirmed fails (confirm sequence numbers restart on the"
                + " recovered one)"
                : "automatic recovery off");
        settings.set(ClientSetting.STAMP, "3 long headers");
        settings.set(ClientSetting.REQUEST_REPLY, "direct reply-to (amq.rabbitmq.reply-to), correlation_id; servers:"
                + " basic.qos "
                + spec.prefetch() + ", manual ack after the reply");
        ClientInfo info = new ClientInfo(id(), "com.rabbitmq:amqp-client",
                ConnectionFactory.class.getPackage().getImplementationVersion() != null
                        ? ConnectionFactory.class.getPackage().getImplementationVersion()
                        : com.rabbitmq.client.impl.ClientVersion.VERSION, settings);
        return new RabbitAmqpDriver(factory, spec, info, id());
    }
}
