package dev.brokerbench.core.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerDescriptorTest {
    private static final BrokerDescriptor BROKER = BrokerDescriptor.broker("mq", "Some MQ", Protocol.AMQP091,
            Protocol.AMQP);

    @Test
    void itsOwnProtocolIsTheFirst() {
        assertThat(BROKER.nativeProtocol()).isEqualTo(Protocol.AMQP091);
        assertThat(BROKER.offers(Protocol.AMQP)).isTrue();
        assertThat(BROKER.offers(Protocol.CORE)).isFalse();
    }

    @Test
    void aGapIsTheBrokersOverOneProtocol() {
        BrokerDescriptor gapped = BROKER.withGap(Protocol.AMQP, Capability.REQUEST_REPLY, Support.no("no dynamic nodes"));
        assertThat(gapped.gaps(Protocol.AMQP)).containsOnlyKeys(Capability.REQUEST_REPLY);
        assertThat(gapped.gaps(Protocol.AMQP091)).isEmpty();
        assertThat(BROKER.gaps(Protocol.AMQP)).as("the original is unchanged").isEmpty();
    }

    @Test
    void badParametersAreNamed() {
        assertThatThrownBy(() -> BrokerDescriptor.broker("Some MQ", "x", Protocol.AMQP))
                .hasMessageStartingWith("id must be");
        assertThatThrownBy(() -> BrokerDescriptor.broker("mq", " ", Protocol.AMQP))
                .hasMessageStartingWith("displayName of mq");
        assertThatThrownBy(() -> BrokerDescriptor.broker("mq", "MQ", Protocol.AMQP, Protocol.AMQP))
                .hasMessageStartingWith("protocols of mq must be one or more, each once");
        assertThatThrownBy(() -> BROKER.withGap(Protocol.CORE, Capability.PREFETCH, Support.YES))
                .hasMessageContaining("gaps of mq name protocol core, which it does not offer");
        assertThatThrownBy(() -> new Protocol("AMQP")).hasMessageContaining("lower-case");
        assertThatThrownBy(() -> RuntimeKind.of("docker"))
                .hasMessage("runtime 'docker'; allowed: local, container, external");
    }

    @Test
    void anEmptyGapListIsAccepted() {
        BrokerDescriptor d = new BrokerDescriptor("mq", "MQ", BrokerDescriptor.Role.BROKER, List.of(Protocol.AMQP),
                null, Map.of(Protocol.AMQP, Map.of()), null, null);
        assertThat(d.gaps(Protocol.AMQP)).isEmpty();
        assertThat(d.queues()).isSameAs(QueueAdmin.NONE);
        assertThat(d.variantOf()).isEmpty();
    }

    @Test
    void aVariantNamesTheBrokerItVariesAndNeverItself() {
        BrokerDescriptor mq = BrokerDescriptor.broker("mq", "MQ", Protocol.AMQP);
        assertThat(BrokerDescriptor.broker("mq-sync", "MQ (sync)", Protocol.AMQP).asVariantOf(mq).variantOf())
                .contains("mq");
        assertThatThrownBy(() -> mq.asVariantOf(mq)).hasMessage("broker mq cannot be a variant of itself");
    }

    @Test
    void anEndpointIsFoundByTheFirstProtocolGiven() {
        Map<Protocol, Endpoint> given = Map.of(Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, 5672));
        QueueAdmin.Endpoints endpoints = p -> Endpoint.of(given, "mq", p);
        assertThat(endpoints.first(Protocol.AMQP091, Protocol.AMQP).port()).isEqualTo(5672);
        assertThatThrownBy(() -> endpoints.first(Protocol.STOMP)).hasMessageContaining("none of [stomp] given");
    }
}
