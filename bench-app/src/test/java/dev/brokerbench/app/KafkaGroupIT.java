package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consume phase's four Kafka consumers own one partition each before its clock starts, and take nothing before
 * it. With the consumer-group protocol of KIP-848 the first member to join owns every partition until the others'
 * heartbeats move some to them: a consumer that started fetching at once drained the queue alone (c5 and c6 were
 * one consumer's figures until 2026-11-26). The broker's own description of the group is the witness.
 */
class KafkaGroupIT {
    private static final int MEMBERS = 4;
    private static final int MESSAGES = 400;

    @TempDir
    Path work;

    @Test
    void joinedMembersOwnOnePartitionEachAndTakeNothingBeforeTheyStart() throws Exception {
        BrokerRuntime runtime = Catalog.load().runtimes(RuntimeKind.LOCAL).stream()
                .filter(r -> r.broker().id().equals("kafka")).findFirst().orElseThrow();
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir", ".")), work,
                Duration.ofSeconds(90), "1g");
        Assumptions.assumeTrue(runtime.unavailableReason(env).isEmpty(),
                () -> "SKIPPED Kafka: " + runtime.unavailableReason(env).orElseThrow());
        DriverFactory path = Catalog.load().compatiblePaths(runtime.broker()).stream()
                .filter(p -> p.id().equals("kafka-clients")).findFirst().orElseThrow();
        String queue = "group-" + ThreadLocalRandom.current().nextInt(1 << 20);
        long stream = ThreadLocalRandom.current().nextLong(1, 1L << 40);
        try (BrokerInstance broker = runtime.start(env)) {
            runtime.broker().queues().prepare(broker::endpoint, queue);
            Endpoint endpoint = broker.endpoint(path.protocol());
            ClientSpec spec = new ClientSpec(Workload.PARITY_PUBLISH_WINDOW, Workload.PARITY_PREFETCH, AckMode.AUTO, 1,
                    true, 0);
            try (Driver driver = path.create(runtime.broker().id(), endpoint, spec)) {
                try (Publisher publisher = driver.publisher(queue)) {
                    for (int i = 0; i < MESSAGES; i++) {
                        publisher.send(new Stamp(stream, i, System.nanoTime()), new byte[0]);
                    }
                }
                List<Consumer> consumers = new ArrayList<>();
                for (int i = 0; i < MEMBERS; i++) {
                    consumers.add(driver.consumer(queue));
                }
                try {
                    joinTogether(consumers);
                    assertThat(group(endpoint, "brokerbench-" + queue).members()).as("the group's members, as the"
                                    + " broker describes them")
                            .hasSize(MEMBERS)
                            .allSatisfy(m -> assertThat(m.assignment().topicPartitions()).as(m.consumerId())
                                    .hasSize(1));
                    for (Consumer c : consumers) {
                        assertThat(c.receive(200, (s, seq, sent, bytes, redelivered) -> { }))
                                .as("a joined member receives nothing before start()").isFalse();
                    }
                    Set<Long> received = new HashSet<>();
                    for (Consumer c : consumers) {
                        c.start();
                        while (c.receive(1000, (s, seq, sent, bytes, redelivered) -> {
                            if (s == stream) {
                                received.add(seq);
                            }
                        })) {
                            // each member drains its own partition
                        }
                    }
                    assertThat(received).as("distinct messages received").hasSize(MESSAGES);
                } finally {
                    for (Consumer c : consumers) {
                        c.close();
                    }
                }
            }
        }
    }

    private static void joinTogether(List<Consumer> consumers) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(consumers.size());
        try {
            List<Future<?>> joins = new ArrayList<>();
            for (Consumer c : consumers) {
                joins.add(pool.submit(() -> {
                    c.join(consumers.size(), 15_000);
                    return null;
                }));
            }
            for (Future<?> f : joins) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static ConsumerGroupDescription group(Endpoint endpoint, String group) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                endpoint.host() + ":" + endpoint.port()))) {
            return admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        }
    }
}
