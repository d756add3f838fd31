package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcSessions;
import dev.brokerbench.core.spi.ServerReceipt;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
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
 * counted. Each is reported to the phase with its correlation id header.
 */
final class KafkaRpcServer extends RpcSessions {

    static KafkaRpcServer start(KafkaTopics topics, KafkaConfigs configs, String queue, int sessions,
                                ServerReceipt onReceive) throws Exception {
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

        Session(KafkaConfigs configs, String queue, ServerReceipt onReceive, int index) {
            consumer = new KafkaConsumer<>(configs.groupMember(queue));
            producer = new KafkaProducer<>(configs.producer());
            consumer.subscribe(List.of(queue));
            thread = new Thread(() -> serve(onReceive), "kafka-rpc-server-" + index);
            thread.setDaemon(true);
            thread.start();
        }

        private void serve(ServerReceipt onReceive) {
            try {
                while (running) {
                    boolean any = false;
                    for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                        any = true;
                        counted(onReceive, KafkaStamp.read(r.headers(), KafkaRequester.CORRELATION,
                                Reply.NO_CORRELATION));
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
