package dev.brokerbench.app.report;

import dev.brokerbench.app.report.PublishedTables.Match;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** The order of the published brokers and clients within each case, as published and as measured. */
final class PublishedRanks {
    private PublishedRanks() {
    }

    /** 1 + the rows of the case above {@code m} by {@code key} (equal figures share a rank). */
    static int rank(Match m, List<Match> inCase, ToDoubleFunction<Match> key) {
        double own = key.applyAsDouble(m);
        return 1 + (int) inCase.stream().filter(o -> key.applyAsDouble(o) > own).count();
    }

    /**
     * Per case of two rows or more, whether this run put them in the published order, e.g. "Order as published in
     * 1 of 2 cases: c1 (Apollo (AMQP) > RabbitMQ (native client)); c5: published Apollo (AMQP) > RabbitMQ (native
     * client), measured RabbitMQ (native client) > Apollo (AMQP)."
     */
    static String orders(List<Match> matches) {
        List<String> same = new ArrayList<>();
        List<String> different = new ArrayList<>();
        for (Map.Entry<String, List<Match>> e : PublishedTables.byCase(matches).entrySet()) {
            if (e.getValue().size() < 2) {
                continue;
            }
            String published = order(e.getValue(), Match::publishedMean);
            String measured = order(e.getValue(), Match::measuredMean);
            if (published.equals(measured)) {
                same.add(e.getKey() + " (" + published + ")");
            } else {
                different.add(e.getKey() + ": published " + published + ", measured " + measured);
            }
        }
        int compared = same.size() + different.size();
        if (compared == 0) {
            return "One published broker and client per case ran here: no order to compare.";
        }
        List<String> parts = new ArrayList<>(same);
        parts.addAll(different);
        return "Order as published in " + same.size() + " of " + compared + " case" + (compared == 1 ? "" : "s")
                + " with two rows or more: " + String.join("; ", parts) + ".";
    }

    private static String order(List<Match> inCase, ToDoubleFunction<Match> key) {
        return inCase.stream().sorted(Comparator.comparingDouble(key).reversed()).map(m -> m.row().label())
                .collect(Collectors.joining(" > "));
    }
}
