package dev.brokerbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetTest {
    @Test
    void aParamReadsBackAsTheSameTarget() {
        Target t = new Target("rabbitmq", "qpid-jms", Protocol.AMQP, Map.of(
                Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, 5672),
                Protocol.AMQP091, Endpoint.loopback(Protocol.AMQP091, 5672),
                Protocol.STOMP, Endpoint.loopback(Protocol.STOMP, 61613)));
        assertThat(t.param()).isEqualTo("rabbitmq|qpid-jms|amqp|amqp=127.0.0.1:5672;amqp091=127.0.0.1:5672;"
                + "stomp=127.0.0.1:61613");
        assertThat(Target.of(t.param())).isEqualTo(t);
        assertThat(t.endpoint().protocol()).isEqualTo(Protocol.AMQP);
    }

    @Test
    void aTargetWithoutItsPathsEndpointIsRefused() {
        assertThatThrownBy(() -> new Target("artemis", "artemis-core-jms", Protocol.CORE,
                Map.of(Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, 1))))
                .hasMessageContaining("hold no core endpoint");
        assertThatThrownBy(() -> Target.of("artemis|artemis-core-jms|core")).hasMessageStartingWith("target must be");
    }

    @Test
    void storedScoresOfBothFormsNameTheirBrokerAndPath() {
        assertThat(Target.brokerAndPath("artemis|artemis-core-jms|core|127.0.0.1|61616"))
                .containsExactly("artemis", "artemis-core-jms");
        assertThat(Target.brokerAndPath("artemis|artemis-core-jms|core|core=127.0.0.1:61616"))
                .containsExactly("artemis", "artemis-core-jms");
    }
}
