package dev.brokerbench.kafka;

import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Topics;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import dev.brokerbench.core.spi.Subscription;
import java.util.Optional;
import java.util.UUID;

/**
 * The kafka-clients path connected to one Kafka: a producer or a group member of its own per client, the suite's
 * topics made and counted through one admin client.
 */
final class KafkaClientsDriver implements Driver, Topics, Calls {
    private final ClientInfo info;
    private final KafkaTopics topics;
    private final KafkaConfigs configs;
    private final ClientSpec spec;

    KafkaClientsDriver(ClientInfo info, KafkaTopics topics, KafkaConfigs configs, ClientSpec spec) {
        this.info = info;
        this.topics = topics;
        this.configs = configs;
        this.spec = spec;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public void verifyConnection() throws Exception {
        topics.verify();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        topics.ensure(queue);
        return new KafkaPublisher(configs.producer(), queue, true);
    }

    @Override
    public Publisher publisher(String queue, PublishMode mode) throws Exception {
        if (mode.confirmed()) {
            return publisher(queue);
        }
        topics.ensure(queue);
        return new KafkaPublisher(configs.unacknowledgedProducer(), queue, false);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        topics.ensure(queue);
        return new KafkaQueueConsumer(configs.groupMember(queue), queue, spec.ackMode(), () -> { });
    }

    @Override
    public Publisher topicPublisher(String topic, PublishMode mode) throws Exception {
        return publisher(topic, mode);
    }

    @Override
    public Consumer subscriber(Subscription subscription) throws Exception {
        topics.ensure(subscription.topic());
        String group = KafkaTopics.group(subscription.name());
        return new KafkaQueueConsumer(configs.subscriber(subscription), subscription.topic(),
                spec.ackMode(), () -> topics.deleteGroup(group));
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return new KafkaRequester(topics, configs, queue,
                replies ? queue + ".reply." + UUID.randomUUID() : null);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
        return KafkaRpcServer.start(topics, configs, queue, sessions, onReceive);
    }

    @Override
    public Optional<BrokerCount> brokerCount(String queue) throws Exception {
        return Optional.of(topics.unconsumed(queue));
    }

    @Override
    public void close() {
        topics.close();
    }
}
