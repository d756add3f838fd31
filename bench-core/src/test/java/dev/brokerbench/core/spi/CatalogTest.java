package dev.brokerbench.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.ClientSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogTest {
    private static final BrokerDescriptor MQ = BrokerDescriptor.broker("mq", "MQ", Protocol.AMQP091, Protocol.AMQP);
    private static final BrokerDescriptor CEILING = BrokerDescriptor.baseline("ceiling", "Ceiling", Protocol.STOMP);

    private static BrokerRuntime runtime(BrokerDescriptor broker, RuntimeKind kind) {
        return new BrokerRuntime() {
            @Override
            public BrokerDescriptor broker() {
                return broker;
            }

            @Override
            public RuntimeKind kind() {
                return kind;
            }

            @Override
            public Optional<String> unavailableReason(BrokerEnvironment environment) {
                return Optional.empty();
            }

            @Override
            public BrokerInstance start(BrokerEnvironment environment) {
                throw new UnsupportedOperationException();
            }
        };
    }

    private static DriverFactory path(String id, Protocol protocol, boolean alternative) {
        return path(id, protocol, alternative, Set.of());
    }

    private static DriverFactory path(String id, Protocol protocol, boolean alternative, Set<String> quirks) {
        return new DriverFactory() {
            @Override
            public Set<String> brokerQuirks() {
                return quirks;
            }

            @Override
            public String id() {
                return id;
            }

            @Override
            public String description() {
                return id;
            }

            @Override
            public Protocol protocol() {
                return protocol;
            }

            @Override
            public boolean alternative() {
                return alternative;
            }

            @Override
            public Class<? extends Driver> driverType() {
                return Driver.class;
            }

            @Override
            public Map<Capability, Support> gaps() {
                return Map.of();
            }

            @Override
            public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
                throw new UnsupportedOperationException();
            }
        };
    }

    private final Catalog catalog = new Catalog(
            List.of(runtime(MQ, RuntimeKind.LOCAL), runtime(CEILING, RuntimeKind.LOCAL), runtime(MQ, RuntimeKind.CONTAINER)),
            List.of(path("native", Protocol.AMQP091, false), path("alt", Protocol.AMQP091, true),
                    path("one", Protocol.AMQP, false), path("other", Protocol.CORE, false)));

    @Test
    void aBrokerIsKnownOnceWhateverRunsIt() {
        assertThat(catalog.brokerIds()).containsExactly("mq");
        assertThat(catalog.baselineIds()).containsExactly("ceiling");
        assertThat(catalog.kinds("mq")).containsExactly(RuntimeKind.LOCAL, RuntimeKind.CONTAINER);
        assertThat(catalog.runtime("mq", RuntimeKind.EXTERNAL)).isEmpty();
    }

    @Test
    void pathsByProtocol() {
        assertThat(catalog.defaultPaths(MQ)).extracting(DriverFactory::id).containsExactly("native");
        assertThat(catalog.compatiblePaths(MQ)).extracting(DriverFactory::id).containsExactly("native", "alt", "one");
        assertThatThrownBy(() -> catalog.requirePath("jdbc"))
                .hasMessage("no client path 'jdbc' on the classpath; registered: [native, alt, one, other]");
    }

    @Test
    void twoDescriptorsForOneIdOrTwoPathsForOneIdAreRefused() {
        BrokerDescriptor impostor = BrokerDescriptor.broker("mq", "Other MQ", Protocol.AMQP);
        assertThatThrownBy(() -> new Catalog(List.of(runtime(MQ, RuntimeKind.LOCAL),
                runtime(impostor, RuntimeKind.CONTAINER)), List.of()))
                .hasMessageContaining("two descriptors for broker 'mq'");
        assertThatThrownBy(() -> new Catalog(List.of(), List.of(path("p", Protocol.AMQP, false),
                path("p", Protocol.CORE, false)))).hasMessage("two client paths named 'p'");
    }

    @Test
    void aPathsQuirksMustBeForABrokerTheCatalogKnows() {
        List<BrokerRuntime> runtimes = List.of(runtime(MQ, RuntimeKind.LOCAL));
        assertThat(new Catalog(runtimes, List.of(path("p", Protocol.AMQP, false, Set.of("mq")))).pathIds())
                .containsExactly("p");
        assertThatThrownBy(() -> new Catalog(runtimes, List.of(path("p", Protocol.AMQP, false, Set.of("qm")))))
                .hasMessageContaining("client path 'p' has quirks for broker 'qm'").hasMessageContaining("[mq]");
        assertThat(new Catalog(List.of(), List.of(path("p", Protocol.AMQP, false, Set.of("qm")))).pathIds())
                .as("paths alone: no broker to check against").containsExactly("p");
    }
}
