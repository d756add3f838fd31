package dev.brokerbench.brokers.external;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.Map;

/**
 * Any STOMP 1.2 server the suite does not know (NewtMQ in the published comparison), given only by its URL with
 * {@code --runtime external --url stomp=stomp://HOST:PORT}: it exists in a run only when a URL names it. STOMP
 * leaves prefetch, redelivery marks and temporary destinations to the server, so what the suite cannot know of an
 * unknown one is declared here, not guessed.
 */
public final class AnyStompServer {
    public static final BrokerDescriptor DESCRIPTOR = BrokerDescriptor.broker("stomp", "STOMP server", Protocol.STOMP)
            .withGap(Protocol.STOMP, Capability.PREFETCH, Support.notEquivalent("no prefetch header is known for an"
                    + " unknown STOMP server: its own default applies"))
            .withGap(Protocol.STOMP, Capability.REDELIVERY_FLAG, Support.no("STOMP 1.2 defines no redelivery header"
                    + " (ActiveMQ, Apollo and RabbitMQ add redelivered:true; an unknown server may not)"))
            .withGap(Protocol.STOMP, Capability.REQUEST_REPLY, Support.no("STOMP 1.2 defines no temporary reply"
                    + " destination; the suite knows those of ActiveMQ, Apollo, Artemis and RabbitMQ only"));

    private AnyStompServer() {
    }

    /** True when {@code urls} (the values of {@code --url}) name this server. */
    public static boolean named(java.util.List<String> urls) {
        return urls.stream().anyMatch(u -> u.trim().startsWith(DESCRIPTOR.id() + "="));
    }

    /** The runtime that registers the server in a run's catalog; the run connects to the endpoints its URL gives. */
    public static ExternalBrokerRuntime registration() {
        return new ExternalBrokerRuntime(DESCRIPTOR, Map.of());
    }
}
