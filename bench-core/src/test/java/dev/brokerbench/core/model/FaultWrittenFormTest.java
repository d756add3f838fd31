package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.result.FaultOutcome;
import dev.brokerbench.core.result.Json;
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
        for (Fault f : new Fault[] {Fault.killBroker(0.5), new Fault.KillBroker(0.3, true), Fault.killConsumer(0.7),
                Fault.killLeader(0.4), new Fault.KillServer(0.6)}) {
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
    }

    @Test
    void aFaultNamesWhatIsWrongWithIt() {
        assertThatThrownBy(() -> Fault.of(new WorkloadFile.FaultFile(null, null, 0.5, null, true)))
                .hasMessageContaining("'fault.reconnect' needs killBrokerAt");
        assertThatThrownBy(() -> Fault.of(new WorkloadFile.FaultFile(null, 0.5, null, null, true)))
                .hasMessageContaining("'fault.reconnect' needs killBrokerAt");
        assertThatThrownBy(() -> Fault.of(new WorkloadFile.FaultFile(null, null, null, null, null)))
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killLeaderAt, killConsumerAt,"
                        + " killServerAt");
        assertThatThrownBy(() -> Fault.of(new WorkloadFile.FaultFile(0.5, 0.5, null, null, null)))
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killLeaderAt, killConsumerAt");
        assertThatThrownBy(() -> new Fault.KillLeader(0))
                .hasMessageContaining("'fault.killLeaderAt' must be between 0 and 1 (exclusive), got 0.0");
        assertThatThrownBy(() -> new Fault.KillConsumer(1.0))
                .hasMessageContaining("'fault.killConsumerAt' must be between 0 and 1 (exclusive), got 1.0");
    }
}
