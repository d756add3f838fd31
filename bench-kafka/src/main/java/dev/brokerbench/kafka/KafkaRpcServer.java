package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcSessions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Server sessions: each a member of the queue's consumer group with its own producer, on its own thread. A request
 * is answered to the topic in its reply header with its correlation id and every body byte + 1; what each poll
 * returned is committed before the next (asynchronously); a record without a reply header is one-way and only
 * counted.
 */
final class KafkaRpcServer extends RpcSessions {

    static KafkaRpcServer start(KafkaTopics topics, KafkaConfigs configs, String queue, int sessions,
                                LongConsumer onReceive) throws Exception {
        topics.ensure(queue);
        KafkaRpcServer server = new KafkaRpcServer();
        try {
            for (int i = 0; i < sessions; i++) {
                server.keep(server.new Session(configs, queue, onReceive, i));
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** One server session: its consumer, its producer, its thread. */
    private final class Session implements AutoCloseable {
        private final KafkaConsumer<byte[], byte[]> consumer;
        private final KafkaProducer<byte[], byte[]> producer;
        private final Thread thread;
        private volatile boolean running = true;

        Session(KafkaConfigs configs, String queue, LongConsumer onReceive, int index) {
            consumer = new KafkaConsumer<>(configs.groupMember(queue));
            producer = new KafkaProducer<>(configs.producer());
            consumer.subscribe(List.of(queue));
            thread = new Thread(() -> serve(onReceive), "kafka-rpc-server-" + index);
            thread.setDaemon(true);
            thread.start();
        }

        private void serve(LongConsumer onReceive) {
            try {
                while (running) {
                    boolean any = false;
                    for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                        any = true;
                        counted(onReceive);
                        Header replyTo = r.headers().lastHeader(KafkaRequester.REPLY_TO);
                        if (replyTo != null) {
                            RecordHeaders headers = new RecordHeaders();
                            Header correlation = r.headers().lastHeader(KafkaRequester.CORRELATION);
                            if (correlation != null) {
                                headers.add(correlation);
                            }
                            producer.send(new ProducerRecord<>(new String(replyTo.value(), StandardCharsets.UTF_8),
                                    null, null, null, RpcPayload.transform(r.value()), headers));
                        }
                    }
                    if (any) {
                        consumer.commitAsync();
                    }
                }
            } catch (WakeupException stopping) {
                // close() woke the poll
            } finally {
                consumer.close(Duration.ofSeconds(5));
            }
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            consumer.wakeup();
            thread.join(10_000);
            producer.close(Duration.ofSeconds(5));
        }
    }
}
