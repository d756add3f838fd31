package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * One producer (its own connection). Sync: {@code send().get()}, returning once the broker acknowledged the record
 * ({@code acks=all}); async: {@code send} with a callback that confirms or fails the one send it belongs to. Records
 * have no key: the producer spreads them over the topic's partitions (Kafka's default partitioner). Unconfirmed: a
 * producer with {@code acks=0}, {@code send} returning once the record is in the producer's buffer.
 */
final class KafkaPublisher implements Publisher {
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final boolean acknowledged;

    /** @param acknowledged whether {@code config} has the broker acknowledge (acks=all) or not (acks=0) */
    KafkaPublisher(Properties config, String topic, boolean acknowledged) {
        this.producer = new KafkaProducer<>(config);
        this.topic = topic;
        this.acknowledged = acknowledged;
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        acknowledgedOnly();
        producer.send(record(stamp, payload)).get();
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
        acknowledgedOnly();
        producer.send(record(stamp, payload), (metadata, error) -> {
            if (error == null) {
                confirmation.confirmed();
            } else {
                confirmation.failed(error);
            }
        });
    }

    @Override
    public void sendUnconfirmed(Stamp stamp, byte[] payload) {
        producer.send(record(stamp, payload));
    }

    private void acknowledgedOnly() {
        if (!acknowledged) {
            throw new IllegalStateException("a producer with acks=0 confirms nothing: open it for sync or async sends");
        }
    }

    private ProducerRecord<byte[], byte[]> record(Stamp stamp, byte[] payload) {
        return new ProducerRecord<>(topic, null, null, null, payload, KafkaStamp.headers(stamp));
    }

    @Override
    public void close() {
        producer.close();
    }
}
