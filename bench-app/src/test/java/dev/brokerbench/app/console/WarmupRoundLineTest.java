package dev.brokerbench.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.RunSummary;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A warm-up round's cell is set aside, not hidden: one that lost messages prints its numbers (sent, confirmed, lost
 * and where), as a measured cell does, not one word (issue 66 saw a warm-up round end "LOSS" and nothing else).
 */
class WarmupRoundLineTest {
    @TempDir
    Path store;

    @Test
    void aWarmupRoundThatLostMessagesPrintsItsAccount() throws Exception {
        Path stored = Path.of(WarmupRoundLineTest.class.getResource("/stored-run").toURI());
        RunResult lossy = new ResultStore(stored).readAll().stream()
                .filter(r -> r.status() == Status.LOSS && r.workload().name().equals("f1")).findFirst().orElseThrow();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleListener listener = new ConsoleListener(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                new ResultStore(store), new RunSummary(), false);

        listener.warmupRound(lossy);

        String line = bytes.toString(StandardCharsets.UTF_8);
        assertThat(line).contains("(warm-up round, set aside)  <<< LOSS: " + lossy.accounting().summary());
        assertThat(lossy.accounting().summary()).contains("lostConfirmedAt=[client 0: ");
    }
}
