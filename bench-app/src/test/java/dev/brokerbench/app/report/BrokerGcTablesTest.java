package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two real cells whose brokers wrote their GC logs (local runtime, scale 0.05: Apollo's c1 over qpid-jms, Artemis'
 * c5 over its core JMS client) against one stored before brokers' GC was read: the table shows each figure of the
 * stored results, and a cell without them has no row.
 */
class BrokerGcTablesTest {
    private static final List<RunResult> CELLS = new ResultStore(StoredRunReportTest.resource("broker-gc")).readAll()
            .stream().sorted(Comparator.comparing(r -> r.broker().brokerId())).toList();
    private static final List<RunResult> OLDER = new ResultStore(StoredRunReportTest.resource("late-kill")).readAll();

    @Test
    void eachCellShowsItsBrokersPausesAndHeap() {
        TextTable table = BrokerGcTables.gc(CELLS);

        assertThat(table.rows()).containsExactly(
                List.of("apollo", "qpid-jms", "c1", "23", "0", "117", "5.6 %", "291 / 2048", "ok"),
                List.of("artemis", "artemis-core-jms", "c5", "9", "0", "219", "4.7 %", "174 / 2048", "ok"));
    }

    @Test
    void resultsWithoutTheFiguresHaveNoRowAndNoSection() {
        assertThat(OLDER).allSatisfy(r -> assertThat(r.brokerGc()).isNull());
        assertThat(BrokerGcTables.gc(OLDER).rows()).isEmpty();
        assertThat(ReportSections.of(OLDER, List.of(), List.of(), null)).noneMatch(s -> s.id().equals("broker-gc"));
        assertThat(ReportSections.of(CELLS, List.of(), List.of(), null)).anyMatch(s -> s.id().equals("broker-gc"));
    }
}
