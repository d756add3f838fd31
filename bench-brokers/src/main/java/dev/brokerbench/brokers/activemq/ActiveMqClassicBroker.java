package dev.brokerbench.brokers.activemq;

import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** ActiveMQ Classic, whatever runs it: OpenWire, AMQP 1.0 and STOMP connectors. */
public final class ActiveMqClassicBroker {
    public static final BrokerDescriptor DESCRIPTOR = BrokerDescriptor.broker("activemq", "ActiveMQ Classic",
                    Protocol.OPENWIRE, Protocol.AMQP, Protocol.STOMP)
            .withLogSignals(new BrokerDescriptor.LogSignals(
                    Map.of("producers throttled (memory limit)",
                            Pattern.compile("Usage Manager (Memory|Store|Temp) Limit")),
                    Optional.empty(),
                    Map.of("KahaDB journal sync", RunningFacts.fact("journalDiskSyncStrategy=(\\w+)"),
                            "memory limit bytes", RunningFacts.fact("memoryLimit=(\\d+)"))).ofJvm());

    private ActiveMqClassicBroker() {
    }
}
