package dev.brokerbench.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StompDialectTest {

    @Test
    void eachBrokerAddressesTheDurableQueueTheOtherPathsUse() {
        assertThat(StompDialect.of("rabbitmq").destination().apply("bench.c1")).isEqualTo("/amq/queue/bench.c1");
        assertThat(StompDialect.of("activemq").destination().apply("bench.c1")).isEqualTo("/queue/bench.c1");
        assertThat(StompDialect.of("apollo").destination().apply("bench.c1")).isEqualTo("/queue/bench.c1");
        assertThat(StompDialect.of("artemis").destination().apply("bench.c1")).isEqualTo("bench.c1");
        assertThat(StompDialect.of("artemis").sending(true)).containsEntry("destination-type", "ANYCAST");
        assertThat(StompDialect.of("artemis").subscription(Map.of(), "auto", "s"))
                .containsEntry("subscription-type", "ANYCAST");
    }

    @Test
    void prefetchHeadersCountWhatTheirBrokerCounts() {
        assertThat(StompDialect.of("rabbitmq").prefetch().orElseThrow().headers(1000))
                .isEqualTo(Map.of("prefetch-count", "1000"));
        assertThat(StompDialect.of("activemq").prefetch().orElseThrow().headers(1000))
                .isEqualTo(Map.of("activemq.prefetchSize", "1000"));
        // Apollo's credit is messages and bytes: the bytes set high, so the count is the limit
        assertThat(StompDialect.of("apollo").prefetch().orElseThrow().headers(1000))
                .isEqualTo(Map.of("credit", "1000,104857600"));
        StompDialect.Prefetch artemis = StompDialect.of("artemis").prefetch().orElseThrow();
        assertThat(artemis.unit()).isEqualTo(StompDialect.Unit.BYTES);
        assertThat(artemis.headers(1_024_000)).isEqualTo(Map.of("consumer-window-size", "1024000"));
    }

    @Test
    void aSubscriptionAddsTheWindowAckAndIdToANewMapAndASendSaysPersistence() {
        StompDialect rabbit = StompDialect.of("rabbitmq");
        Map<String, String> window = new HashMap<>(Map.of("prefetch-count", "10"));
        Map<String, String> h = rabbit.subscription(window, "client-individual", "sub-1");
        assertThat(h).isEqualTo(Map.of("prefetch-count", "10", "ack", "client-individual", "id", "sub-1"));
        h.put("x", "y");
        assertThat(rabbit.subscription(Map.of(), "auto", "sub-2")).doesNotContainKey("x");
        assertThat(rabbit.sending(true)).containsEntry("persistent", "true");
        assertThat(rabbit.sending(false)).containsEntry("persistent", "false");
        assertThat(rabbit.virtualHost()).contains("/");
    }

    @Test
    void replyDestinationsAreSubscribedByTheRequesterExceptWhereRabbitMqSubscribesItself() {
        assertThat(StompDialect.of("rabbitmq").replyTo().orElseThrow().subscribed()).isFalse();
        assertThat(StompDialect.of("activemq").replyTo().orElseThrow().destination().apply("r1"))
                .isEqualTo("/temp-queue/r1");
        assertThat(StompDialect.of("artemis").replyTo().orElseThrow().subscribed()).isTrue();
    }

    @Test
    void anyOtherServerGetsTheCommonConventionAndItsOwnDefaults() {
        StompDialect other = StompDialect.of("some-broker");
        assertThat(other).isSameAs(StompDialect.GENERIC);
        assertThat(other.destination().apply("q")).isEqualTo("/queue/q");
        assertThat(other.prefetch()).isEmpty();
        assertThat(other.replyTo()).isEmpty();
    }
}
