package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The lists of cases and case groups in docs/ are checked against the workload catalog, as the README matrix is. */
class CasesDocTest {
    private static final Path DOCS = Path.of("..", "docs");
    /** A table row's first cell, e.g. "f5, f6" or "b1 (`--case acks`)". */
    private static final Pattern FIRST_CELL = Pattern.compile("(?m)^\\| ([^|]+) \\|");
    private static final Pattern CASE = Pattern.compile("[a-z][0-9]+");

    /** The case names in the first cells of {@code file}'s tables. */
    private static Set<String> rows(Path file) throws Exception {
        Set<String> names = new TreeSet<>();
        Matcher m = FIRST_CELL.matcher(Files.readString(file));
        while (m.find()) {
            Arrays.stream(m.group(1).replaceAll("\\(.*\\)", "").split("[,\\s]+")).map(String::strip)
                    .filter(t -> CASE.matcher(t).matches()).forEach(names::add);
        }
        return names;
    }

    @Test
    void everyCaseHasARowInTheCasePagesAndEveryRowIsACase() throws Exception {
        Set<String> documented = new TreeSet<>(rows(DOCS.resolve("cases.md")));
        documented.addAll(rows(DOCS.resolve("faults.md")));
        Set<String> cases = WorkloadCatalog.builtIn().all().stream().map(Workload::name)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(documented).as("case names in the tables of docs/cases.md and docs/faults.md")
                .isEqualTo(cases);
    }

    @Test
    void architectureNamesEveryWorkloadFolder() throws Exception {
        String text = Files.readString(DOCS.resolve("architecture.md")).replaceAll("\\s+", " ");
        Matcher m = Pattern.compile("a folder per --case group \\(([^)]*)\\)").matcher(text);
        assertThat(m.find()).as("docs/architecture.md: 'a folder per --case group (...)'").isTrue();
        Set<String> listed = Arrays.stream(m.group(1).split(",")).map(String::strip)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> folders;
        try (Stream<Path> dirs = Files.list(Path.of("..", "workloads"))) {
            folders = dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(listed).isEqualTo(folders);
    }
}
