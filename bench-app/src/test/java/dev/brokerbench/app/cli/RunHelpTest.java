package dev.brokerbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.catalog.WorkloadCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunHelpTest {

    @Test
    void shortensRunsOfNumberedCasesAndKeepsTheRest() {
        assertThat(RunHelp.ranges(List.of("c3", "c1", "c2", "c10"))).isEqualTo("c1..c3, c10");
        assertThat(RunHelp.ranges(List.of("o1", "o2", "r1", "r2", "r3", "r5"))).isEqualTo("o1, o2, r1..r3, r5");
        assertThat(RunHelp.ranges(List.of("ping", "b1"))).isEqualTo("b1, ping");
    }

    @Test
    void theCaseHelpNamesEveryGroupOfTheCatalogWithItsCases() {
        Map<String, List<String>> groups = WorkloadCatalog.builtIn().groups();
        String help = render();
        String caseHelp = help.substring(help.indexOf("      --case=IDS"), help.indexOf("      --client=IDS"))
                .replaceAll("\\s+", " ");
        groups.forEach((group, cases) -> assertThat(caseHelp).contains(group + " (" + RunHelp.ranges(cases) + ")"));
        assertThat(caseHelp).contains("sendreceive (s1)"); // a group the hand-written help left out
    }

    private static String render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = BenchCli.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true), "run", "--help");
        assertThat(code).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }
}
