package dev.brokerbench.kafka;

import dev.brokerbench.core.result.BrokerCount;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The suite's queue on Kafka: a topic of {@link #PARTITIONS} partitions (one per consumer of the seed cases) with
 * one replica, drained by one consumer group; created before a client uses it, and counted as the broker counts it:
 * for each partition, its end offset minus the group's committed offset.
 */
final class KafkaTopics implements AutoCloseable {
    static final int PARTITIONS = 4;
    private static final long TIMEOUT_SECONDS = 30;
    private final Admin admin;
    private static final String SHARE_AUTO_OFFSET_RESET = "share.auto.offset.reset";
    private final Set<String> created = new HashSet<>();
    private final Set<String> shared = new HashSet<>();

    KafkaTopics(KafkaConnection connection) {
        Properties p = connection.properties();
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "brokerbench-admin");
        this.admin = Admin.create(p);
    }

    /**
     * Removes a subscription's consumer group once its member has left (what unsubscribing is on Kafka); a group
     * the broker still counts members in is left to expire with its offsets.
     */
    void deleteGroup(String group) throws Exception {
        try {
            admin.deleteConsumerGroups(List.of(group)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (!(e.getCause() instanceof org.apache.kafka.common.errors.GroupNotEmptyException)) {
                throw e;
            }
        }
    }

    /** The consumer group that drains {@code topic} (or, named after a subscription, reads it). */
    static String group(String topic) {
        return "brokerbench-" + topic;
    }

    /** The share group that drains {@code topic} on the share-group path. */
    static String shareGroup(String topic) {
        return "brokerbench-share-" + topic;
    }

    /**
     * Makes {@code topic}'s share group start from the earliest record, as a queue hands over what was sent before
     * its consumers came (a share group starts from the latest by default), once per topic and client.
     */
    synchronized void shareFromEarliest(String topic) throws Exception {
        String group = shareGroup(topic);
        if (!shared.add(group)) {
            return;
        }
        admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, group),
                List.of(new AlterConfigOp(new ConfigEntry(SHARE_AUTO_OFFSET_RESET, "earliest"),
                        AlterConfigOp.OpType.SET)))).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * Asks the cluster its id, which needs a connection the broker accepted: a refused TLS handshake or SASL login
     * fails here ({@code SslAuthenticationException}, {@code SaslAuthenticationException}) with the broker's reason.
     */
    void verify() throws Exception {
        try {
            admin.describeCluster().clusterId().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** Creates the queue's topic unless this client or another already did. */
    void ensure(String topic) throws Exception {
        ensure(topic, PARTITIONS);
    }

    /** Creates {@code topic} with {@code partitions} unless this client or another already did. */
    synchronized void ensure(String topic, int partitions) throws Exception {
        if (created.contains(topic)) {
            return;
        }
        try {
            // the broker's default replication factor: 1 on one node, 3 on the suite's cluster
            admin.createTopics(List.of(new NewTopic(topic, java.util.Optional.of(partitions),
                    java.util.Optional.empty()))).all()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        awaitLeaders(topic, partitions);
        created.add(topic);
    }

    /** Deletes a topic this client created (a requester's replies); best effort, not awaited. */
    synchronized void delete(String topic) {
        created.remove(topic);
        admin.deleteTopics(List.of(topic));
    }

    /**
     * Until every partition's leader serves it: a topic just created has no leader for a moment, and an idempotent
     * producer whose first batches meet NOT_LEADER_OR_FOLLOWER retried the ones after them as
     * OUT_OF_ORDER_SEQUENCE_NUMBER until its delivery timeout (2 minutes; kafka-clients 4.4.0 with 5 requests in
     * flight on a new topic, 2026-11-24).
     */
    private void awaitLeaders(String topic, int partitions) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (true) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS).get(topic);
                if (d.partitions().size() == partitions && d.partitions().stream().allMatch(p -> p.leader() != null)) {
                    // the metadata names a leader before that broker serves the partition: ListOffsets is answered
                    // by the leader itself (the admin client retries NOT_LEADER_OR_FOLLOWER until it is)
                    admin.listOffsets(partitions(topic, partitions).stream().collect(Collectors.toMap(tp -> tp,
                            tp -> OffsetSpec.latest()))).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    return;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("topic " + topic + " has no leader for each of its " + partitions
                        + " partitions after " + TIMEOUT_SECONDS + " s");
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** Records not yet consumed by the topic's group: end offset - committed offset (or the log start), summed. */
    BrokerCount unconsumed(String topic) throws Exception {
        List<TopicPartition> partitions = partitions(topic, PARTITIONS);
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> end;
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> start;
        try {
            end = admin.listOffsets(partitions.stream().collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest())))
                    .all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            start = admin.listOffsets(partitions.stream().collect(Collectors.toMap(tp -> tp,
                    tp -> OffsetSpec.earliest()))).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return new BrokerCount(0, "Kafka ListOffsets: the broker has no such topic");
            }
            throw e;
        }
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group(topic))
                .partitionsToOffsetAndMetadata().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        long total = 0;
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata c = committed.get(tp);
            long from = c == null ? start.get(tp).offset() : Math.max(c.offset(), start.get(tp).offset());
            total += end.get(tp).offset() - from;
        }
        return new BrokerCount(total, "Kafka ListOffsets (latest) - the group's committed offsets, "
                + PARTITIONS + " partitions");
    }

    private static List<TopicPartition> partitions(String topic, int count) {
        return IntStream.range(0, count).mapToObj(i -> new TopicPartition(topic, i)).toList();
    }

    @Override
    public void close() {
        admin.close();
    }
}
