package dev.brokerbench.core.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a paused broker was stood still, as the durability line tells it: the engine's freezer, or SIGSTOP. */
class FrozenByEngineTest {
    private static BrokerInfo broker(RuntimeKind kind, Map<String, String> settings) {
        return new BrokerInfo("artemis", "ActiveMQ Artemis", "2.44.0", kind, settings, 1);
    }

    @Test
    void aContainerTheEngineFrozeWasFrozen() {
        assertThat(broker(RuntimeKind.CONTAINER, Map.of(BrokerInfo.LAST_PAUSE, "frozen")).frozenByEngine()).isTrue();
        assertThat(broker(RuntimeKind.CONTAINER, Map.of(BrokerInfo.LAST_PAUSE,
                "frozen at the 2. attempt (unable to freeze)")).frozenByEngine()).isTrue();
    }

    @Test
    void aContainerStoppedBySignalsFromTheHostWasNotFrozen() {
        assertThat(broker(RuntimeKind.CONTAINER, Map.of(BrokerInfo.LAST_PAUSE, "SIGSTOP to its 3 processes from the"
                + " host: the engine refused to freeze the container 3 times (unable to freeze)")).frozenByEngine())
                .isFalse();
    }

    @Test
    void aLocalProcessIsNeverFrozenByAnEngine() {
        assertThat(broker(RuntimeKind.LOCAL, Map.of()).frozenByEngine()).isFalse();
    }
}
