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
 * have no key: the producer spreads them over the topic's partitions (Kafka's default partitioner).
 */
final class KafkaPublisher implements Publisher {
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;

    KafkaPublisher(Properties config, String topic) {
        this.producer = new KafkaProducer<>(config);
        this.topic = topic;
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        producer.send(record(stamp, payload)).get();
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
        producer.send(record(stamp, payload), (metadata, error) -> {
            if (error == null) {
                confirmation.confirmed();
            } else {
                confirmation.failed(error);
            }
        });
    }

    private ProducerRecord<byte[], byte[]> record(Stamp stamp, byte[] payload) {
        return new ProducerRecord<>(topic, null, null, null, payload, KafkaStamp.headers(stamp));
    }

    @Override
    public void close() {
        producer.close();
    }
}
