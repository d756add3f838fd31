package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.html.HtmlPage;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real kill cell (RabbitMQ through rabbitmq-jms, f1) stored as if its kill had never come: the report's flag says
 * why the cell is ERROR, not only its accounting, which reads like any other cell's.
 */
class MissedFaultTest {
    @TempDir
    Path dir;

    @Test
    void theFlagOfAFaultThatNeverCameSaysSo() throws Exception {
        String f1 = "rabbitmq__rabbitmq-jms__f1.json";
        String stored = Files.readString(StoredRunReportTest.resource("late-kill").resolve(f1));
        assertThat(stored).contains("\"countAtKill\" : 502");
        Files.writeString(dir.resolve(f1), stored.replace("\"countAtKill\" : 502", "\"countAtKill\" : null"));
        Files.writeString(dir.resolve(ResultStore.COMPLETE), "");
        RunResult cell = new ResultStore(dir).readAll().get(0);
        assertThat(cell.status()).isEqualTo(Status.ERROR);

        String html = HtmlPage.render(ReportData.read(dir), List.of(), "missed");

        assertThat(html).contains("the fault never came: the phase ended before its threshold (50 %); "
                + cell.accounting().summary());
    }
}
