package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A request/reply client: a producer sending requests to the queue's topic with two headers, the reply topic and
 * the correlation id, and a consumer assigned the one partition of its own reply topic (created for it, deleted when
 * it closes). A one-way client has no reply topic, and its records carry only the correlation id header.
 */
final class KafkaRequester implements Requester {
    static final String REPLY_TO = "bbReplyTo";
    static final String CORRELATION = "bbCorrelation";
    private final KafkaTopics topics;
    private final String queue;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String replyTopic;
    private final KafkaConsumer<byte[], byte[]> replies;
    private final ArrayDeque<ConsumerRecord<byte[], byte[]>> buffer = new ArrayDeque<>();

    KafkaRequester(KafkaTopics topics, KafkaConfigs configs, String queue, String replyTopic) throws Exception {
        this.topics = topics;
        this.queue = queue;
        this.replyTopic = replyTopic;
        topics.ensure(queue);
        if (replyTopic != null) {
            topics.ensure(replyTopic, 1);
            Properties p = configs.assigned();
            replies = new KafkaConsumer<>(p);
            TopicPartition partition = new TopicPartition(replyTopic, 0);
            replies.assign(List.of(partition));
            replies.seekToBeginning(List.of(partition));
        } else {
            replies = null;
        }
        producer = new KafkaProducer<>(configs.producer());
    }

    @Override
    public void request(long correlationId, byte[] payload) throws Exception {
        RecordHeaders headers = new RecordHeaders();
        headers.add(REPLY_TO, KafkaStamp.utf8(replyTopic));
        headers.add(CORRELATION, KafkaStamp.bytes(correlationId));
        producer.send(new ProducerRecord<>(queue, null, null, null, payload, headers));
    }

    @Override
    public Reply poll(long timeoutMillis) {
        if (buffer.isEmpty()) {
            replies.poll(Duration.ofMillis(timeoutMillis)).forEach(buffer::add);
        }
        ConsumerRecord<byte[], byte[]> r = buffer.poll();
        return r == null ? null : new Reply(KafkaStamp.read(r.headers(), CORRELATION, Reply.NO_CORRELATION), r.value());
    }

    @Override
    public void cast(long correlationId, byte[] payload) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(CORRELATION, KafkaStamp.bytes(correlationId));
        producer.send(new ProducerRecord<>(queue, null, null, null, payload, headers));
    }

    @Override
    public void close() {
        try {
            producer.close();
        } finally {
            if (replies != null) {
                replies.close();
                topics.delete(replyTopic);
            }
        }
    }
}
