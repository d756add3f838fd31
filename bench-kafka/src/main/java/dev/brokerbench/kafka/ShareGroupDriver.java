package dev.brokerbench.kafka;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;

/**
 * The share-group path's driver: {@link KafkaClientsDriver}'s producers, and consumers that are members of the queue's
 * share group ({@link ShareGroupConsumer}). It has no facets: fan-out and calls run on kafka-clients.
 */
final class ShareGroupDriver implements Driver {
    private final Driver producers;
    private final ClientInfo info;
    private final KafkaTopics topics;
    private final KafkaConfigs configs;
    private final AckMode ackMode;

    ShareGroupDriver(Driver producers, ClientInfo info, KafkaTopics topics, KafkaConfigs configs, AckMode ackMode) {
        this.producers = producers;
        this.info = info;
        this.topics = topics;
        this.configs = configs;
        this.ackMode = ackMode;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public void verifyConnection() throws Exception {
        producers.verifyConnection();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return producers.publisher(queue);
    }

    @Override
    public Publisher publisher(String queue, PublishMode mode) throws Exception {
        return producers.publisher(queue, mode);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        topics.ensure(queue);
        topics.shareFromEarliest(queue);
        return new ShareGroupConsumer(configs.shareMember(queue), queue, ackMode);
    }

    @Override
    public void close() throws Exception {
        producers.close(); // closes the shared admin client
    }
}
