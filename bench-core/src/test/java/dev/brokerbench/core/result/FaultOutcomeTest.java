package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Fault;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A kill meant for the middle of a publish is told apart from one that came once every sent message was confirmed. */
class FaultOutcomeTest {
    private static Accounting sent(long sent, long confirmed) {
        return new Accounting(sent, confirmed, sent - confirmed, confirmed, 0, 0, 0, sent - confirmed, 0,
                sent - confirmed, 0, 0, List.of(), List.of());
    }

    private static FaultOutcome killed(Fault.Target target, long countAtKill) {
        return new FaultOutcome(target, 0.5, OptionalLong.of(countAtKill), OptionalLong.of(5_000),
                OptionalLong.empty(), null, null);
    }

    @Test
    void aKillWhileSendsAwaitedTheirConfirmationsCameMidPublish() {
        assertThat(killed(Fault.Target.BROKER, 500).cameAfterPublish(sent(1_000, 1_000))).isFalse();
        assertThat(killed(Fault.Target.LEADER, 999).cameAfterPublish(sent(1_000, 999))).isFalse();
    }

    @Test
    void aKillOnceEverySentMessageWasConfirmedCameAfterThePublish() {
        assertThat(killed(Fault.Target.BROKER, 1_000).cameAfterPublish(sent(1_000, 1_000))).isTrue();
        assertThat(killed(Fault.Target.LEADER, 1_000).cameAfterPublish(sent(1_000, 1_000))).isTrue();
    }

    @Test
    void aConsumerKillOrAKillThatNeverCameIsNeither() {
        assertThat(killed(Fault.Target.CONSUMER, 1_000).cameAfterPublish(sent(1_000, 1_000))).isFalse();
        FaultOutcome none = new FaultOutcome(Fault.Target.BROKER, 0.5, OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), null, null);
        assertThat(none.cameAfterPublish(sent(1_000, 1_000))).isFalse();
        assertThat(killed(Fault.Target.BROKER, 1_000).cameAfterPublish(null)).isFalse();
    }
}
