package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.result.FaultOutcome;
import dev.brokerbench.core.result.Json;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A fault is stored in its YAML form, and results stored before it was a type still read. */
class FaultWrittenFormTest {

    @Test
    void aFaultIsStoredAsItIsWritten() throws Exception {
        assertThat(Json.mapper().writeValueAsString(new Fault.KillBroker(0.5, true)).replaceAll("\\s", ""))
                .isEqualTo("{\"killBrokerAt\":0.5,\"reconnect\":true}");
        assertThat(Json.mapper().writeValueAsString(Fault.killConsumer(0.25)).replaceAll("\\s", ""))
                .isEqualTo("{\"killConsumerAt\":0.25}");
        assertThat(Json.mapper().writeValueAsString(Fault.killLeader(0.5)).replaceAll("\\s", ""))
                .isEqualTo("{\"killLeaderAt\":0.5}");
        assertThat(Json.mapper().writeValueAsString(new Fault.KillServer(0.5)).replaceAll("\\s", ""))
                .isEqualTo("{\"killServerAt\":0.5}");
        assertThat(Json.mapper().writeValueAsString(new Fault.Pause(Fault.Target.BROKER, 0.5,
                java.time.Duration.ofMillis(2500)))
                .replaceAll("\\s", "")).isEqualTo("{\"pauseBrokerAt\":0.5,\"pauseSeconds\":2.5}");
        assertThat(Json.mapper().writeValueAsString(new Fault.Pause(Fault.Target.LEADER, 0.5,
                java.time.Duration.ofSeconds(20)))
                .replaceAll("\\s", "")).isEqualTo("{\"pauseLeaderAt\":0.5,\"pauseSeconds\":20.0}");
        assertThat(Json.mapper().writeValueAsString(new Fault.Cut(Fault.Target.LEADER, 0.4,
                java.time.Duration.ofSeconds(20))).replaceAll("\\s", ""))
                .isEqualTo("{\"partitionLeaderAt\":0.4,\"partitionSeconds\":20.0}");
        assertThat(Json.mapper().writeValueAsString(new Fault.LossyLink(0.2, java.time.Duration.ofSeconds(10), 5))
                .replaceAll("\\s", "")).isEqualTo("{\"lossAt\":0.2,\"lossSeconds\":10.0,\"lossPercent\":5.0}");
        for (Fault f : new Fault[] {Fault.killBroker(0.5), new Fault.KillBroker(0.3, true), Fault.killConsumer(0.7),
                Fault.killLeader(0.4), new Fault.KillServer(0.6),
                new Fault.Pause(Fault.Target.BROKER, 0.5, java.time.Duration.ofSeconds(10)),
                new Fault.Pause(Fault.Target.LEADER, 0.5, java.time.Duration.ofSeconds(20)),
                new Fault.Pause(Fault.Target.CONSUMER, 0.5, java.time.Duration.ofSeconds(20)),
                new Fault.Cut(Fault.Target.LINK, 0.5, java.time.Duration.ofMillis(1500)),
                new Fault.Cut(Fault.Target.LEADER, 0.5, java.time.Duration.ofSeconds(20)),
                new Fault.SlowLink(0.25, java.time.Duration.ofSeconds(10), java.time.Duration.ofMillis(20),
                        java.time.Duration.ofMillis(10)),
                new Fault.SlowLink(0.25, java.time.Duration.ofSeconds(10), java.time.Duration.ofMillis(1),
                        java.time.Duration.ZERO),
                new Fault.LossyLink(0.25, java.time.Duration.ofSeconds(8), 2.5),
                new Fault.FillDisk(0.5, java.time.Duration.ofSeconds(10), 0),
                new Fault.FillDisk(0.5, java.time.Duration.ofSeconds(10), 20L << 20)}) {
            assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(f), Fault.class)).isEqualTo(f);
        }
    }

    @Test
    void resultsStoredWithTheOldShapeStillRead() throws Exception {
        assertThat(Json.mapper().readValue("{\"killBrokerAt\":0.5,\"killConsumerAt\":null,\"reconnect\":false}",
                Fault.class)).isEqualTo(new Fault.KillBroker(0.5, false));
        FaultOutcome consumerKill = Json.mapper().readValue("""
                {"killed":"consumer","at":0.5,"countAtKill":5000,"restartMillis":-1,"recoveryMillis":812}""",
                FaultOutcome.class);
        assertThat(consumerKill.killed()).isEqualTo(Fault.Target.CONSUMER);
        assertThat(consumerKill.countAtKill()).hasValue(5000);
        assertThat(consumerKill.restartMillis()).as("-1 was the old 'not restarted'").isEmpty();
        assertThat(consumerKill.recoveryMillis()).hasValue(812);
        FaultOutcome written = new FaultOutcome(Fault.Target.BROKER, 0.5, OptionalLong.of(10), OptionalLong.of(900),
                OptionalLong.empty(), null, null);
        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(written), FaultOutcome.class))
                .isEqualTo(written);
        FaultOutcome leader = new FaultOutcome(Fault.Target.LEADER, 0.5, OptionalLong.of(10), OptionalLong.of(900),
                OptionalLong.of(1500), null, null, "node 1 (primary)");
        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(leader), FaultOutcome.class))
                .isEqualTo(leader);
        FaultOutcome server = new FaultOutcome(Fault.Target.SERVER, 0.5, OptionalLong.of(10), OptionalLong.empty(),
                OptionalLong.of(2005), null, null, "server process 1 of 2 (pid 7, 2 sessions)", OptionalLong.of(1082));
        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(server), FaultOutcome.class))
                .isEqualTo(server);
        assertThat(leader.silenceMillis()).as("results stored before silences").isEmpty();
        FaultOutcome pause = new FaultOutcome(Fault.Target.BROKER, 0.5, OptionalLong.of(10), OptionalLong.empty(),
                OptionalLong.of(40), null, null, null, OptionalLong.of(10_050), OptionalLong.of(10_001), 4_100.0, 0.0);
        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(pause), FaultOutcome.class))
                .isEqualTo(pause);
        assertThat(server.heldMillis()).as("results stored before pauses").isEmpty();
    }

    /** The written form's first seven keys (kills and a pause); the link keys unset. */
    private static FaultFile file(Double killBrokerAt, Double killLeaderAt, Double killConsumerAt,
                                               Double killServerAt, Boolean reconnect, Double pauseBrokerAt,
                                               Double pauseSeconds) {
        java.util.Map<String, Object> keys = new java.util.HashMap<>();
        keys.put("killBrokerAt", killBrokerAt);
        keys.put("killLeaderAt", killLeaderAt);
        keys.put("killConsumerAt", killConsumerAt);
        keys.put("killServerAt", killServerAt);
        keys.put("reconnect", reconnect);
        keys.put("pauseBrokerAt", pauseBrokerAt);
        keys.put("pauseSeconds", pauseSeconds);
        return FaultFile.of(keys);
    }

    @Test
    void aFaultNamesWhatIsWrongWithIt() throws Exception {
        assertThatThrownBy(() -> Fault.of(file(null, null, 0.5, null, true, null, null)))
                .hasMessageContaining("'fault.reconnect' needs killBrokerAt");
        assertThatThrownBy(() -> Fault.of(file(null, 0.5, null, null, true, null, null)))
                .hasMessageContaining("'fault.reconnect' needs killBrokerAt");
        assertThatThrownBy(() -> Fault.of(file(null, null, null, null, null, null, null)))
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killLeaderAt, killConsumerAt,"
                        + " killServerAt, pauseBrokerAt, pauseLeaderAt, pauseConsumerAt, partitionAt,"
                        + " partitionLeaderAt,"
                        + " lossAt, delayAt, diskFullAt");
        assertThatThrownBy(() -> Fault.of(file(0.5, 0.5, null, null, null, null, null)))
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killLeaderAt, killConsumerAt");
        assertThatThrownBy(() -> Fault.of(file(null, null, null, null, null, 0.5, null)))
                .hasMessageContaining("'fault.pauseSeconds' must be set with pauseBrokerAt");
        assertThatThrownBy(() -> Fault.of(file(0.5, null, null, null, null, null, 10.0)))
                .hasMessageContaining("'fault.pauseSeconds' needs pauseBrokerAt");
        assertThatThrownBy(() -> Fault.of(file(null, null, null, null, null, 0.5, 51.0)))
                .hasMessageContaining("'fault.pauseSeconds' must be more than 0 and at most 50, got 51.0");
        assertThatThrownBy(() -> Fault.of(file(null, null, null, null, null, 0.5, 0.0)))
                .hasMessageContaining("'fault.pauseSeconds' must be more than 0");
        assertThatThrownBy(() -> Fault.of(file(0.5, null, null, null, null, 0.5, 1.0)))
                .hasMessageContaining("'fault' set exactly one of");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("lossAt", 0.5, "lossSeconds", 10,
                "lossPercent", 0, "pauseBrokerAt", 0.5, "pauseSeconds", 1))))
                .hasMessageContaining("'fault' set exactly one of");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("lossAt", 0.5, "lossSeconds", 10,
                "lossPercent", 100)))).hasMessageContaining("'fault.lossPercent' must be between 0 and 100");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("partitionAt", 0.5))))
                .hasMessageContaining("'fault.partitionSeconds' must be set with partitionAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("lossAt", 0.5, "lossSeconds", 3.0))))
                .hasMessageContaining("'fault.lossPercent' must be set with lossAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("pauseBrokerAt", 0.5, "pauseLeaderAt", 0.5,
                "pauseSeconds", 1)))).hasMessageContaining("'fault' set exactly one of");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("pauseLeaderAt", 0.5))))
                .hasMessageContaining("'fault.pauseSeconds' must be set with pauseLeaderAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("pauseConsumerAt", 0.5,
                "pauseSeconds", 60)))).hasMessageContaining("'fault.pauseSeconds' must be more than 0 and at most 50");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("partitionLeaderAt", 0.5))))
                .hasMessageContaining("'fault.partitionSeconds' must be set with partitionLeaderAt (how long the leader"
                        + " stays cut off)");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("partitionAt", 0.5, "partitionLeaderAt",
                0.5, "partitionSeconds", 5)))).hasMessageContaining("'fault' set exactly one of");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("killLeaderAt", 0.5, "partitionSeconds",
                5)))).hasMessageContaining("'fault.partitionSeconds' needs partitionAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("killLeaderAt", 0.5, "lossPercent", 5))))
                .hasMessageContaining("'fault.lossPercent' needs lossAt");
        assertThat(Json.mapper().writeValueAsString(new Fault.SlowLink(0.25, java.time.Duration.ofSeconds(10),
                java.time.Duration.ofMillis(20), java.time.Duration.ofMillis(10))).replaceAll("\\s", ""))
                .isEqualTo("{\"delayAt\":0.25,\"delaySeconds\":10.0,\"delayMillis\":20.0,\"jitterMillis\":10.0}");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("delayAt", 0.5, "delaySeconds", 5))))
                .hasMessageContaining("'fault.delayMillis' must be set with delayAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("lossAt", 0.5, "lossSeconds", 5,
                "lossPercent", 5, "jitterMillis", 3)))).hasMessageContaining("'fault.jitterMillis' needs delayAt");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("delayAt", 0.5, "delaySeconds", 5,
                "delayMillis", 0)))).hasMessageContaining("'fault.delayMillis' must be more than 0 and at most 10000");
        assertThatThrownBy(() -> Fault.of(FaultFile.of(Map.of("delayAt", 0.5, "delaySeconds", 5,
                "delayMillis", 20, "jitterMillis", -1)))).hasMessageContaining("'fault.jitterMillis' must be a number"
                + " of milliseconds, 0 to 10000");
        assertThatThrownBy(() -> new Fault.Pause(Fault.Target.LINK, 0.5, java.time.Duration.ofSeconds(1)))
                .hasMessageContaining("pause cannot hit LINK");
        assertThatThrownBy(() -> new Fault.KillLeader(0))
                .hasMessageContaining("'fault.killLeaderAt' must be between 0 and 1 (exclusive), got 0.0");
        assertThatThrownBy(() -> new Fault.KillConsumer(1.0))
                .hasMessageContaining("'fault.killConsumerAt' must be between 0 and 1 (exclusive), got 1.0");
    }
}
