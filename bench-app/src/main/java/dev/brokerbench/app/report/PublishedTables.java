package dev.brokerbench.app.report;

import dev.brokerbench.app.report.PublishedComparison.Row;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A run's seed cases beside the published comparison they reproduce: per case, each published broker and client that
 * ran here, its published mean and the measured one, their ratio and the rank of each among the rows of the case;
 * then the publication's observations, each checked against this run.
 */
final class PublishedTables {
    static final String NOTE = "The published means are of 2018 hardware with the brokers in containers; the ratio"
            + " measured / published says how this machine and run compare, the ranks whether the order of the"
            + " brokers and clients holds. Measured = the mean msg/s over rate windows of the reported phase (as the"
            + " publication's mean), of the median repeat; the overall rate where the phase was too short for"
            + " windows. Ranks count only the rows of the case measured here. The publication ran scale 1.";

    private PublishedTables() {
    }

    /** One published row of a case that this run measured. */
    record Match(String caseName, Row row, RunResult measured, double publishedMean, double measuredMean,
                 boolean windowed) {
        double ratio() {
            return publishedMean > 0 ? measuredMean / publishedMean : Double.NaN;
        }
    }

    /** The section, when the run measured any published case on a published broker and client. */
    static Optional<Section> section(PublishedComparison published, List<RunResult> results,
                                     List<RunSummary.Missing> missing, Calibration calibration) {
        List<Match> matches = matches(published, results);
        if (matches.isEmpty()) {
            return Optional.empty();
        }
        List<Section.Part> parts = new ArrayList<>();
        parts.add(new Section.Table(null, table(matches)));
        parts.add(new Section.Paragraph(PublishedRanks.orders(matches)));
        PublishedObservations.of(published, results, missing, calibration)
                .forEach(o -> parts.add(new Section.Paragraph(o)));
        String scales = matches.stream().map(m -> scale(m.measured().scale())).distinct()
                .collect(Collectors.joining(", "));
        return Optional.of(new Section("published", "Beside the published comparison", "the seed cases beside "
                + published.title() + ", this run at scale " + scales + " of its message counts", NOTE, parts));
    }

    /** Every published row with a mean for a case this run measured on its broker and client path. */
    static List<Match> matches(PublishedComparison published, List<RunResult> results) {
        List<Match> matches = new ArrayList<>();
        for (RepeatedCell cell : RepeatedCell.of(results)) {
            RunResult r = cell.median();
            String caseName = r.workload().name();
            Optional<Row> row = published.row(cell.series());
            if (row.isEmpty() || row.get().mean(caseName).isEmpty() || r.reportedPhase() == null) {
                continue;
            }
            PhaseResult p = r.reportedPhase();
            boolean windowed = p.rate().showsSteadiness();
            matches.add(new Match(caseName, row.get(), r, row.get().mean(caseName).getAsDouble(),
                    windowed ? p.rate().windowMean() : p.rate().overall(), windowed));
        }
        matches.sort(Comparator.comparing(Match::caseName).thenComparing(m -> -m.publishedMean()));
        return matches;
    }

    /** One row per match: the published and measured means, their ratio, the rank of each within the case. */
    static TextTable table(List<Match> matches) {
        TextTable t = new TextTable(List.of("case", "published as", "broker / client path", "published mean msg/s",
                "measured msg/s", "measured / published", "rank published", "rank measured", "status"));
        Map<String, List<Match>> byCase = byCase(matches);
        for (Match m : matches) {
            List<Match> inCase = byCase.get(m.caseName());
            t.add(List.of(m.caseName(), m.row().label(), m.row().broker() + " / " + m.row().path(),
                    SummaryTables.rate(m.publishedMean()),
                    SummaryTables.rate(m.measuredMean()) + (m.windowed() ? "" : " (overall)"),
                    Double.isNaN(m.ratio()) ? "-" : String.format(Locale.ROOT, "x%.2f", m.ratio()),
                    PublishedRanks.rank(m, inCase, Match::publishedMean) + " of " + inCase.size(),
                    PublishedRanks.rank(m, inCase, Match::measuredMean) + " of " + inCase.size(),
                    m.measured().status().toString()));
        }
        return t;
    }

    static Map<String, List<Match>> byCase(List<Match> matches) {
        return matches.stream().collect(Collectors.groupingBy(Match::caseName, TreeMap::new, Collectors.toList()));
    }

    private static String scale(double scale) {
        return scale == Math.rint(scale) ? String.format(Locale.ROOT, "%.0f", scale) : Double.toString(scale);
    }
}
