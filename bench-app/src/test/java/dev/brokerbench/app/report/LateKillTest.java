package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two real fault cells of one run (RabbitMQ through rabbitmq-jms, scale 0.01): f1's kill came mid-publish; f2's async
 * window held all 1,000 messages and the broker confirmed them before the kill, so nothing was in flight. The tables,
 * the console and the report's flags must tell them apart.
 */
class LateKillTest {
    private static final List<RunResult> CELLS = new ResultStore(StoredRunReportTest.resource("late-kill")).readAll()
            .stream().sorted(Comparator.comparing(r -> r.workload().name())).toList();

    @Test
    void aKillAfterEveryConfirmationIsSaidSoAndAKillMidPublishIsNot() {
        RunResult midPublish = CELLS.get(0);
        RunResult afterPublish = CELLS.get(1);
        assertThat(midPublish.workload().name()).isEqualTo("f1");
        assertThat(SummaryTables.lateKill(midPublish)).isNull();
        assertThat(afterPublish.workload().name()).isEqualTo("f2");
        assertThat(SummaryTables.lateKill(afterPublish)).startsWith("the kill came after all 1,000 messages sent were"
                + " confirmed: none was in flight");
    }

    @Test
    void theDurabilityTableMarksTheLateKill() {
        TextTable table = SummaryTables.durability(CELLS);
        int column = table.headers().indexOf("struck after");
        assertThat(table.rows()).extracting(row -> row.get(column))
                .containsExactly("502 confirmed", "1,000 confirmed (all: none in flight)");
    }
}
