package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WorkloadLoaderTest {
    private static final String VALID = """
            name: c1
            title: "publish, persistent, 0 KB, sync"
            messages: 1000000
            phases:
              - {name: publish, action: publish, mode: sync, reported: true}
              - {name: drain, action: consume}
            """;

    private static Workload load(String yaml) {
        return new WorkloadLoader().load("w.yaml", new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void appliesThePublishedParityDefaults() {
        Workload w = load(VALID);
        assertThat(w.clients()).isEqualTo(4);
        assertThat(w.publishWindow()).isEqualTo(1000);
        assertThat(w.prefetch()).isEqualTo(1000);
        assertThat(w.persistent()).isTrue();
        assertThat(w.ackMode()).isEqualTo(AckMode.AUTO);
        assertThat(w.queue()).isEqualTo("bench.c1");
        assertThat(w.reportedPhase().mode()).isEqualTo(PublishMode.SYNC);
    }

    @Test
    void scalesMessageCounts() {
        assertThat(load(VALID).scaled(0.01).messages()).isEqualTo(10_000);
        assertThat(load(VALID).scaled(0.0000001).messages()).isEqualTo(4);
        assertThatThrownBy(() -> load(VALID).scaled(0)).hasMessageContaining("'scale'");
    }

    @Test
    void rejectsUnknownKeysNamingThem() {
        assertThatThrownBy(() -> load(VALID + "colour: blue\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("w.yaml").hasMessageContaining("unknown key 'colour'")
                .hasMessageContaining("prefetch");
    }

    @Test
    void rejectsWrongTypesNamingTheField() {
        assertThatThrownBy(() -> load(VALID + "clients: many\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'clients'");
    }

    @Test
    void rejectsOutOfRangeValuesNamingTheFieldAndRange() {
        assertThatThrownBy(() -> load(VALID + "clients: 0\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'clients' must be 1..1024, got 0");
        assertThatThrownBy(() -> load(VALID + "prefetch: -1\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'prefetch'");
    }

    @Test
    void rejectsUnknownEnumValuesListingTheAllowedOnes() {
        assertThatThrownBy(() -> load(VALID.replace("mode: sync", "mode: eventually")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("phases[0].mode").hasMessageContaining("sync, async");
    }

    @Test
    void requiresPublishThenConsume() {
        assertThatThrownBy(() -> load(VALID.replace("action: consume", "action: publish, mode: async")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'phases'");
    }

    @Test
    void faultsNameTheirFieldAndRule() {
        assertThat(load(VALID + "fault: {killBrokerAt: 0.5}\n").fault().killsBroker()).isTrue();
        assertThatThrownBy(() -> load(VALID + "fault: {}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killConsumerAt");
        assertThatThrownBy(() -> load(VALID + "fault: {killBrokerAt: 0.5, killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("set exactly one");
        assertThatThrownBy(() -> load(VALID + "fault: {killBrokerAt: 1.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault.killBrokerAt' must be between 0 and 1 (exclusive), got 1.5");
        assertThatThrownBy(() -> load(VALID + "fault: {killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault.killConsumerAt' needs the reported phase to be the consume");
    }

    @Test
    void reconnectingNeedsABrokerKillDuringASyncPublish() {
        Workload w = load(VALID + "fault: {killBrokerAt: 0.5, reconnect: true}\n");
        assertThat(w.fault().reconnect()).isTrue();
        assertThat(w.clientSpec().reconnect()).as("the clients are configured to reconnect").isTrue();
        assertThat(load(VALID).clientSpec().reconnect()).isFalse();
        assertThatThrownBy(() -> load(VALID.replace("mode: sync", "mode: async")
                + "fault: {killBrokerAt: 0.5, reconnect: true}\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'fault.reconnect' needs a sync publish");
    }

    @Test
    void killingAConsumerNeedsAnotherOneToDrainTheRest() {
        String consume = VALID.replace("mode: sync, reported: true", "mode: async")
                .replace("action: consume}", "action: consume, reported: true}");
        assertThat(load(consume + "fault: {killConsumerAt: 0.5}\n").fault().killsConsumer()).isTrue();
        assertThatThrownBy(() -> load(consume + "clients: 1\nfault: {killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'clients' must be >= 2 to kill a consumer");
    }
}
