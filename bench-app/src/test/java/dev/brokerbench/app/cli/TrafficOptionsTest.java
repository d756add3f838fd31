package dev.brokerbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A case given other bodies by an option is titled for them: its label says what it sent. */
class TrafficOptionsTest {
    private static final WorkloadCatalog CASES = WorkloadCatalog.builtIn();

    @CommandLine.Command(name = "run")
    static final class Run {
    }

    private static String title(String caseId, String sizes, String random) {
        Workload w = CASES.find(caseId).orElseThrow();
        return TrafficOptions.apply(new CommandLine(new Run()), new TrafficOptions.Given(sizes, random, null,
                null), List.of(w)).get(0).title();
    }

    @Test
    void theTitlesSizeIsReplacedByTheMixAndTheRandomShareAdded() {
        assertThat(title("l2", "2048:6,8192:3,65536:1", null))
                .isEqualTo("live · persistent · 2 KB x6, 8 KB x3, 64 KB x1 · async at 2,000 msg/s");
        assertThat(title("c5", "1024..65536", null)).isEqualTo("consume · persistent · 1-64 KB");
        assertThat(title("c1", "100:1,3000:2", "0.3"))
                .isEqualTo("publish · persistent · 100 B x1, 2.9 KB x2 · sync · 30 % random");
        assertThat(title("w3", null, "0.5")).endsWith("· 1 KB · async · 50 % random");
        assertThat(title("r3", "1:1,2:1,3:1,4:1,5:1", null)).as("a title without a size gains one")
                .isEqualTo("RPC CALL · simulator thread levels · oslo.messaging sizes (mean 3.2 KB) · 5 sizes, mean 3 B");
    }
}
