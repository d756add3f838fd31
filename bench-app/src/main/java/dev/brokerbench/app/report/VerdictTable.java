package dev.brokerbench.app.report;

import dev.brokerbench.app.report.charts.VerdictCharts;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The answer a report leads with, first in every rendering: per case, every broker / client path fastest first with
 * the geometric mean of its repeats, its 95 % interval and its ranking in words ({@link ComparisonTable#ranking}).
 * The page draws each case's table as a small chart ({@link VerdictCharts}) with the rankings under it; the console
 * and the Markdown reports print the tables. The comparison table below it has every figure behind the ranking.
 */
public final class VerdictTable {
    public static final String ID = "verdict";
    public static final String TITLE = "Verdict";
    public static final String PATH = "broker / client path";
    public static final String RANKING = "ranking";
    public static final String STATUS = "status";
    /** What the verdict shows, in one line. */
    public static final String LEAD = "per case, fastest first: the " + Estimate.NAME + " of each broker / client"
            + " path's repeats with its " + Estimate.INTERVAL + ", ranked against the case's fastest by Welch's t-test"
            + " on log rates";
    /** What the written reports say under the heading. */
    public static final String NOTE = "Per case, fastest first: the " + Estimate.NAME + " of each broker / client path's"
            + " repeats with its " + Estimate.INTERVAL + ", and its ranking against the case's fastest by Welch's"
            + " t-test on log rates. The comparison below gives the rule and every figure behind it.";
    /** A case that only one broker / client path ran has nothing to be ranked against. */
    public static final String ALONE = "the only broker / client path that ran this case";

    private VerdictTable() {
    }

    /** The verdict over the cases of {@code results}; empty when no cell ran more than once (nothing is ranked). */
    public static Optional<Section> of(List<RunResult> results) {
        if (!RepeatedCell.anyRepeated(results)) {
            return Optional.empty();
        }
        List<Section.Part> parts = new ArrayList<>();
        ComparisonTable.byCase(RepeatedCell.of(results)).forEach((name, ranked) -> parts.add(new Section.Table(
                name + ": " + ranked.get(0).first().workload().title(), table(ranked), VerdictCharts.name(name))));
        return parts.isEmpty() ? Optional.empty() : Optional.of(new Section(ID, TITLE, LEAD, NOTE, parts));
    }

    /** One case, fastest first. */
    static TextTable table(List<RepeatedCell> ranked) {
        TextTable t = new TextTable(List.of(PATH, Estimate.NAME, "95 % interval", RANKING, STATUS));
        for (int i = 0; i < ranked.size(); i++) {
            RepeatedCell c = ranked.get(i);
            Estimate e = c.overall();
            t.add(List.of(c.series().toString(), e.defined() ? SummaryTables.rate(e.center()) : "-", ComparisonTable.interval(e),
                    ranked.size() < 2 ? ALONE : ComparisonTable.ranking(ranked, i), c.status().toString()));
        }
        return t;
    }
}
