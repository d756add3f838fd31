package dev.brokerbench.kafka;

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
 * Kafka's queue-like consumption (KIP-932 share groups, production-ready since Kafka 4.2) on {@code kafka-clients}:
 * the same topic and producers as {@link KafkaClients}, drained by one share group whose members acknowledge each
 * record ({@link ShareGroupConsumer}). A labelled alternative: the consumer-group path stays Kafka's default, so
 * Kafka's rows compare with earlier runs; {@code --client kafka-share} runs it.
 */
public final class KafkaShareGroups implements DriverFactory {
    private final KafkaClients producers = new KafkaClients();

    @Override
    public String id() {
        return "kafka-share";
    }

    @Override
    public String description() {
        return "Apache Kafka share groups (KIP-932, kafka-clients): the kafka-clients producers, consumers that"
                + " acknowledge each record";
    }

    @Override
    public Protocol protocol() {
        return Protocol.KAFKA;
    }

    @Override
    public boolean alternative() {
        return true;
    }

    /** A share group drains queues: no topics (fan-out), no calls. */
    @Override
    public Class<? extends Driver> driverType() {
        return ShareGroupDriver.class;
    }

    @Override
    public Map<Capability, Support> gaps() {
        Map<Capability, Support> c = new java.util.EnumMap<>(Capability.class);
        c.putAll(producers.gaps());
        c.put(Capability.PREFETCH, Support.notEquivalent("a share consumer acquires records only when it polls"
                + " (share.acquire.mode=record_limit, max.poll.records = prefetch): it holds at most that many"
                + " unacknowledged records, but nothing is handed to one that does not poll"));
        c.put(Capability.CLIENT_ACK, Support.notEquivalent("a share consumer must acknowledge every record of a poll"
                + " before it polls again: a batch still open when a poll's records run out is acknowledged then;"
                + " a share group has no transactions"));
        c.remove(Capability.REDELIVERY_FLAG); // a share consumer's record carries its delivery count
        Support noRpc = Support.no("request/reply runs on kafka-clients (consumer-group server sessions); share-group"
                + " server sessions are not built");
        c.put(Capability.REQUEST_REPLY, noRpc);
        c.put(Capability.ONE_WAY, noRpc);
        Support noTopics = Support.no("fan-out runs on kafka-clients (a consumer group per subscription); a share"
                + " group per subscription is not built");
        c.put(Capability.TOPICS, noTopics);
        c.put(Capability.DURABLE_SUBSCRIPTIONS, noTopics);
        c.put(Capability.TRANSACTIONS, Support.no("a share group has no transactions: a share consumer accepts,"
                + " releases or rejects each record"));
        return c;
    }

    @Override
    public java.util.Set<dev.brokerbench.core.broker.SaslMechanism> saslMechanisms() {
        return producers.saslMechanisms();
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) throws Exception {
        KafkaConnection connection = new KafkaConnection(endpoint);
        KafkaTopics topics = new KafkaTopics(connection);
        KafkaConfigs configs = new KafkaConfigs(connection, spec);
        Driver kafka = producers.create(connection, spec, topics, configs);
        ClientSettings settings = producers.settings(connection, spec, configs).removeOwn("consumerGroup")
                .remove(ClientSetting.REQUEST_REPLY).remove(ClientSetting.TOPICS);
        settings.own("shareGroup", KafkaTopics.shareGroup("QUEUE") + ", share.auto.offset.reset=earliest (a group"
                + " config, set by the suite), share.acknowledgement.mode=explicit");
        settings.set(ClientSetting.PREFETCH, "share.acquire.mode=record_limit, max.poll.records=" + spec.prefetch()
                + ", fetch.max.bytes = max.partition.fetch.bytes = " + configs.fetchBytes());
        settings.set(ClientSetting.ACK_MODE, switch (spec.ackMode()) {
            case AUTO, DUPS_OK -> "each record accepted as it is handed over; the acceptances travel with the next"
                    + " poll, and commitSync on close";
            case CLIENT, TRANSACTED -> "the records handed over accepted and commitSync every " + spec.ackBatch()
                    + " (and before a poll: a share consumer cannot poll with records unacknowledged)";
        });
        settings.own("redelivered", "a record's delivery count above 1");
        ClientInfo info = new ClientInfo(id(), KafkaClients.LIBRARY, KafkaClients.version(), settings);
        return new ShareGroupDriver(kafka, info, topics, configs, spec.ackMode());
    }
}
