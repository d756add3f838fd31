package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BrokerLogTest {
    private static final Map<String, Pattern> SIGNALS = Map.of("paged to disk", Pattern.compile("AMQ222038"),
            "producers blocked", Pattern.compile("alarm set"));

    @Test
    void countsOnlyWhatTheLogSaidDuringTheCell() {
        String before = "AMQ222038: Starting paging on address 'old'\n";
        String log = before + "started\nAMQ222038: Starting paging on address 'q'\nAMQ222038: again\n";

        assertThat(BrokerLog.pressureSince(log, BrokerLog.counts(before, SIGNALS), SIGNALS))
                .containsExactly("paged to disk: 2 log lines");
    }

    @Test
    void readsARotatedLogWhole() {
        assertThat(BrokerLog.pressureSince("memory alarm set\n", Map.of("producers blocked", 3), SIGNALS))
                .containsExactly("producers blocked: 1 log line");
    }

    @Test
    void saysNothingWhenTheBrokerDidNot() {
        assertThat(BrokerLog.pressureSince("all quiet\n", Map.of(), SIGNALS)).isEmpty();
    }

    @Test
    void quotesWhatTheBrokerSaidAtTheRestartThatFollowed() {
        Optional<Pattern> recovered = Optional.of(Pattern.compile("Recovering \\d+ queues of type rabbit_classic_queue"));
        String firstBoot = "[info] Recovering 0 queues of type rabbit_classic_queue took 4ms\n";
        int before = BrokerLog.count(firstBoot + "console banner of the first boot\n", recovered);
        String afterRestart = firstBoot + "[info] Recovering 1 queues of type rabbit_classic_queue took 14ms\n"
                + "[info] Recovering 5 queues of type rabbit_classic_queue took 1ms\n" + "short new console\n";

        assertThat(before).isEqualTo(1);
        assertThat(BrokerLog.statementAfter(afterRestart, before, recovered))
                .contains("Recovering 1 queues of type rabbit_classic_queue");
        assertThat(BrokerLog.statementAfter(firstBoot, before, recovered)).as("not said yet").isEmpty();
        assertThat(BrokerLog.statementAfter(afterRestart, 0, Optional.empty())).isEmpty();
        assertThat(BrokerLog.count(afterRestart, Optional.empty())).isZero();
    }
}
