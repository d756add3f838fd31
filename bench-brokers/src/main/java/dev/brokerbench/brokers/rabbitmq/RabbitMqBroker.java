package dev.brokerbench.brokers.rabbitmq;

import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * RabbitMQ, whatever runs it: AMQP 0-9-1 and AMQP 1.0 on one port, STOMP on another. Its queues are declared and
 * counted over AMQP 0-9-1 ({@link RabbitMqQueues}), so that an AMQP 1.0 client finds the durable queue.
 */
public final class RabbitMqBroker {
    public static final BrokerDescriptor DESCRIPTOR = BrokerDescriptor.broker("rabbitmq", "RabbitMQ",
                    Protocol.AMQP091, Protocol.AMQP, Protocol.STOMP)
            .withLogSignals(new BrokerDescriptor.LogSignals(
                    // a memory or disk alarm blocks every publishing connection until it clears
                    Map.of("producers blocked (memory alarm)", Pattern.compile("memory resource limit alarm set"),
                            "producers blocked (disk alarm)", Pattern.compile("disk resource limit alarm set"),
                            "writes failed: disk full (enospc)", Pattern.compile("enospc|no space left on device")),
                    // how many classic queues it found on disk at boot
                    Optional.of(Pattern.compile("Recovering \\d+ queues of type rabbit_classic_queue")),
                    Map.of("memory high watermark", RunningFacts.fact("Memory high watermark set to ([^\\n]+)"),
                            "disk free limit", RunningFacts.fact("Disk free limit set to ([^\\n]+)"))))
            .withGap(Protocol.AMQP, Capability.REQUEST_REPLY, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin creates"
                    + " no dynamic nodes: opening a JMS TemporaryQueue for the replies times out"))
            .withGap(Protocol.AMQP, Capability.REDELIVERY_FLAG, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin hands"
                    + " a message again after its consumer closed without acknowledging it, but not marked as"
                    + " redelivered (JMSRedelivered false; DriverContractIT, 2026-11-24)"))
            .withGap(Protocol.AMQP, Capability.TOPICS, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin has topics only"
                    + " as /topic/ and /exchange/ addresses onto its own exchanges, with no durable subscription;"
                    + " not mapped: fan-out on RabbitMQ runs on its AMQP 0-9-1 paths"))
            .withGap(Protocol.AMQP, Capability.SELECTORS, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin documents no"
                    + " selector filter for a link (not mapped, not tried)"))
            .withGap(Protocol.AMQP, Capability.DURABLE_SUBSCRIPTIONS, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin"
                    + " keeps no durable subscription (its /topic/ links are exclusive auto-delete queues)"))
            .withGap(Protocol.AMQP, Capability.TRANSACTIONS, Support.no("RabbitMQ 3.10's AMQP 1.0 plugin has no"
                    + " transaction coordinator: qpid-jms timed out declaring a transaction (2026-11-25); transactions on"
                    + " RabbitMQ run on AMQP 0-9-1 (rabbitmq-amqp091)"))
            .withQueues(new RabbitMqQueues());

    /** One node whose queues are quorum queues (the virtual host's default queue type). */
    public static final BrokerDescriptor QUORUM = DESCRIPTOR.variant("rabbitmq-quorum", "RabbitMQ (quorum queues)");

    /** Three nodes in one cluster, each queue a quorum queue with a member on every node. */
    public static final BrokerDescriptor CLUSTER = DESCRIPTOR.variant("rabbitmq-cluster",
            "RabbitMQ cluster (3 nodes, quorum queues)");

    private RabbitMqBroker() {
    }
}
