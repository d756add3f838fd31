package dev.brokerbench.kafka;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import dev.brokerbench.core.spi.Support;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Apache Kafka's own client ({@code org.apache.kafka:kafka-clients}). The suite's queue is a topic of 4 partitions
 * drained by one consumer group (Kafka's queue-like use): a publisher is a producer with {@code acks=all}, sync =
 * {@code send().get()}, async = callbacks with at most the publish window in flight; a consumer is a group member
 * (the KIP-848 {@code consumer} protocol) polling at most {@code prefetch} records, with a fetch sized to that many of
 * the workload's messages, offsets committed by the suite (never the client's timer), see
 * {@link KafkaQueueConsumer}.
 */
public final class KafkaClients implements DriverFactory {

    @Override
    public String id() {
        return "kafka-clients";
    }

    @Override
    public String description() {
        return "Apache Kafka (org.apache.kafka:kafka-clients): a topic of 4 partitions as the queue, one consumer"
                + " group, acks=all";
    }

    @Override
    public Protocol protocol() {
        return Protocol.KAFKA;
    }

    @Override
    public Class<? extends Driver> driverType() {
        return KafkaClientsDriver.class;
    }

    @Override
    public Map<Capability, Support> gaps() {
        Map<Capability, Support> c = new java.util.EnumMap<>(Capability.class);
        c.put(Capability.PREFETCH, Support.notEquivalent("a Kafka consumer is not pushed messages: it fetches from"
                + " the partitions the group gave it, when it polls. max.poll.records = prefetch and fetch.max.bytes"
                + " = prefetch x (message + " + KafkaConfigs.RECORD_OVERHEAD + " B) bound each poll, but a consumer"
                + " that never"
                + " polls holds nothing (nor is it a group member yet)"));
        c.put(Capability.REDELIVERY_FLAG, Support.no("a Kafka record carries no delivery count or redelivered flag;"
                + " a record read again after an uncommitted offset looks like the first reading"));
        c.put(Capability.SELECTORS, Support.no("Kafka has no broker-side message selection: a consumer reads every"
                + " record of its partitions and could only filter them itself"));
        c.put(Capability.TRANSACTIONS, Support.no("Kafka's transactions make a producer's writes (with its consumer's"
                + " offsets) atomic, for read-process-write; a consumer gives nothing back to the broker on a rollback"
                + " but reads again from its last committed offset, unflagged: not mapped"));
        return c;
    }

    @Override
    public Set<SaslMechanism> saslMechanisms() {
        return EnumSet.allOf(SaslMechanism.class);
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        KafkaConnection connection = new KafkaConnection(endpoint);
        return create(connection, spec, new KafkaTopics(connection), new KafkaConfigs(connection, spec));
    }

    /** The driver on {@code topics}' admin client (closed with it) and {@code configs}: another path shares them. */
    Driver create(KafkaConnection connection, ClientSpec spec, KafkaTopics topics, KafkaConfigs configs) {
        return new KafkaClientsDriver(new ClientInfo(id(), LIBRARY, version(), settings(connection, spec, configs)),
                topics, configs, spec);
    }

    static final String LIBRARY = "org.apache.kafka:kafka-clients";

    static String version() {
        return LibraryVersion.fromProperties("/kafka/kafka-version.properties");
    }

    /** How this path drives kafka-clients: the producers and the consumer groups (another path changes the latter). */
    ClientSettings settings(KafkaConnection connection, ClientSpec spec, KafkaConfigs configs) {
        int fetchBytes = configs.fetchBytes();
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, connection.describe());
        settings.set(ClientSetting.CREDENTIALS, connection.credentials());
        connection.tls().ifPresent(tls -> settings.set(ClientSetting.TLS, tls));
        settings.set(ClientSetting.QUEUE, "a topic of " + KafkaTopics.PARTITIONS + " partitions, 1 replica, created"
                + " by the suite; no record key (the default partitioner spreads records over the partitions)");
        settings.own("acks", "all (enable.idempotence=true, the default)");
        settings.own("linger.ms", "0 (Kafka 4's default of 5 ms would hold every sync send for 5 ms; async sends"
                + " still batch while requests are in flight)");
        settings.own("delivery.timeout.ms", spec.reconnect() ? "120000 (default): the producer retries across a"
                + " broker restart" : KafkaConfigs.GIVE_UP_MILLIS + " (= request.timeout.ms): a send fails after "
                + KafkaConfigs.GIVE_UP_MILLIS / 1000 + " s without an answer, as a client that does not reconnect;"
                + " Kafka's producer has no other way to stop retrying");
        settings.set(ClientSetting.SYNC_PUBLISH, "send().get(): returns once the broker acknowledged the record");
        settings.set(ClientSetting.UNCONFIRMED_PUBLISH, "a producer with acks=0 (enable.idempotence=false): send()"
                + " returns once the record is in the producer's buffer; the broker never answers");
        settings.set(ClientSetting.ASYNC_PUBLISH, "send() with a callback, at most " + spec.publishWindow()
                + " records outstanding per producer");
        settings.own("consumerGroup", KafkaTopics.group("QUEUE") + ", group.protocol=consumer (KIP-848),"
                + " auto.offset.reset=earliest");
        settings.set(ClientSetting.PREFETCH, "max.poll.records=" + spec.prefetch() + ", fetch.max.bytes ="
                + " max.partition.fetch.bytes = " + fetchBytes + " (" + spec.prefetch() + " x (payload + "
                + KafkaConfigs.RECORD_OVERHEAD + " B))");
        settings.set(ClientSetting.ACK_MODE, switch (spec.ackMode()) {
            case AUTO, DUPS_OK -> "enable.auto.commit=false; the offsets of the records handed over are committed"
                    + " (async) before each further poll, and synchronously when partitions are revoked or the"
                    + " consumer closes";
            case CLIENT, TRANSACTED -> "enable.auto.commit=false; commitSync of the records handed over every "
                    + spec.ackBatch() + " (no Kafka transaction: a consume-only transaction commits nothing more)";
        });
        settings.set(ClientSetting.TOPICS, "the topic itself (" + KafkaTopics.PARTITIONS + " partitions); each"
                + " subscription a consumer group of its own with one member reading every partition from the end it"
                + " finds on joining; durable or not, the group keeps committed offsets; it is deleted when its"
                + " member closes");
        settings.set(ClientSetting.STAMP, "3 record headers (8-byte big-endian longs)");
        settings.set(ClientSetting.REQUEST_REPLY, "each requester creates a reply topic of 1 partition (deleted when"
                + " it closes) and reads it with an assigned consumer; requests carry headers bbReplyTo and"
                + " bbCorrelation; 4 server sessions, each a group member with its own producer, commit what each"
                + " poll returned");
        return settings;
    }
}
