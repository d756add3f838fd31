package dev.brokerbench.brokers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import java.util.Map;

/** What a started broker must report of itself, in every runtime. */
public final class AsRunning {
    private AsRunning() {
    }

    /** The data filesystem is known and every fact the runtime names was found in the broker's log. */
    public static void assertReported(BrokerRuntime runtime, BrokerInfo info) {
        Map<String, String> settings = info.settings();
        assertThat(settings.get("data filesystem")).as("data filesystem").isNotNull().doesNotStartWith("unknown");
        runtime.runningFacts().keySet().forEach(name -> assertThat(settings.get(name + " (as running)"))
                .as(runtime.displayName() + ": " + name + " (as running)").isNotNull().doesNotStartWith("not found"));
    }
}
