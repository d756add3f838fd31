package dev.brokerbench.brokers.artemis;

import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** ActiveMQ Artemis, whatever runs it: one acceptor serving Core, OpenWire, AMQP 1.0 and STOMP. */
public final class ArtemisBroker {
    public static final BrokerDescriptor DESCRIPTOR = BrokerDescriptor.broker("artemis", "ActiveMQ Artemis",
                    Protocol.CORE, Protocol.OPENWIRE, Protocol.AMQP, Protocol.STOMP)
            .withLogSignals(new BrokerDescriptor.LogSignals(
                    Map.of("paged to disk (global-max-size reached)", Pattern.compile("AMQ222038"),
                            "producers blocked (disk full)", Pattern.compile("AMQ222212"),
                            "producers blocked (max-disk-usage)", Pattern.compile("AMQ222210"),
                            "stopped: critical IO error", Pattern.compile("AMQ144010")),
                    Optional.empty(),
                    Map.of("journal", RunningFacts.fact("AMQ2\\d{5}: Using (\\w+) Journal"))).ofJvm())
            .withGap(Protocol.STOMP, Capability.REDELIVERY_FLAG, Support.no("Artemis 2.44's STOMP MESSAGE frames do not"
                    + " say redelivered:true for a message handed on after its consumer closed without acknowledging"
                    + " it"));

    /** A primary and a backup server replicating its journal; the backup takes over when the primary dies. */
    public static final BrokerDescriptor PAIR = DESCRIPTOR.variant("artemis-ha",
            "ActiveMQ Artemis (primary/backup, replication)");

    private ArtemisBroker() {
    }
}
