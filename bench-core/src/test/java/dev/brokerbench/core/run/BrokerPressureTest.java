package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BrokerPressureTest {
    private static final Map<String, Pattern> SIGNALS = Map.of("paged to disk", Pattern.compile("AMQ222038"),
            "producers blocked", Pattern.compile("alarm set"));

    @Test
    void countsOnlyWhatTheLogSaidDuringTheCell() {
        String before = "AMQ222038: Starting paging on address 'old'\n";
        String log = before + "started\nAMQ222038: Starting paging on address 'q'\nAMQ222038: again\n";

        assertThat(BrokerPressure.since(log, before.length(), SIGNALS))
                .containsExactly("paged to disk: 2 log lines");
    }

    @Test
    void readsARotatedLogWhole() {
        assertThat(BrokerPressure.since("memory alarm set\n", 10_000, SIGNALS))
                .containsExactly("producers blocked: 1 log line");
    }

    @Test
    void saysNothingWhenTheBrokerDidNot() {
        assertThat(BrokerPressure.since("all quiet\n", 0, SIGNALS)).isEmpty();
    }
}
