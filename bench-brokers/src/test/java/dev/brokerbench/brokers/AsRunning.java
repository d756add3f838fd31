package dev.brokerbench.brokers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import java.util.Map;

/** What a started broker must report of itself, and how a test sees it listening, in every runtime. */
public final class AsRunning {
    private AsRunning() {
    }

    /** The endpoint accepts a TCP connection. */
    public static boolean accepts(dev.brokerbench.core.broker.Endpoint endpoint) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(endpoint.host(), endpoint.port()), 2000);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The data filesystem is known and every fact the runtime names was found in the broker's log. */
    public static void assertReported(BrokerRuntime runtime, BrokerInfo info) {
        Map<String, String> settings = info.settings();
        assertThat(settings.get("data filesystem")).as("data filesystem").isNotNull().doesNotStartWith("unknown");
        runtime.broker().logSignals().runningFacts().keySet().forEach(name -> assertThat(settings.get(name + " (as running)"))
                .as(runtime.broker().displayName() + ": " + name + " (as running)").isNotNull().doesNotStartWith("not found"));
    }
}
