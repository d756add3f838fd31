package dev.brokerbench.app.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.brokerbench.core.result.BrokerPath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A published comparison's mean rates, per broker and client that has a counterpart here and per case: the reference
 * a run of the seed cases is put beside.
 *
 * @param title        what it is, as a report names it
 * @param rows         its brokers and clients that run here
 * @param observations what it said beyond its figures, each of a kind a run can check
 */
public record PublishedComparison(String title, List<Row> rows, List<Observation> observations) {
    /** The comparison the seed cases c1-c6 reproduce, shipped with the suite. */
    static final String PERSISTENT_QUEUES = "/published/persistent-queues-2018.yaml";

    public PublishedComparison {
        rows = List.copyOf(rows);
        observations = observations == null ? List.of() : List.copyOf(observations);
    }

    /**
     * An observation of the publication, in its words, and how a run checks it.
     *
     * @param kind   what in a run bears on it
     * @param broker the broker it is about, where it is about one
     * @param path   the client path it is about, where it is about one
     * @param text   what the publication said
     */
    public record Observation(Kind kind, String broker, String path, String text) {
        /** What a run checks. */
        public enum Kind {
            /** A broker and client ran none of some cases: did they run here? */
            @JsonProperty("absent-cases") ABSENT_CASES,
            /** A broker stalled under heap use: did its GC log or its watch show it here? */
            @JsonProperty("heap-stalls") HEAP_STALLS,
            /** Persistence, not the protocol, bounded the rates: sync publish as multiples of the disk's syncs/s. */
            @JsonProperty("persistence-bound") PERSISTENCE_BOUND
        }
    }

    /**
     * One published broker and client.
     *
     * @param label as the publication named it
     * @param broker the broker id that runs it here
     * @param path   the client path that speaks its protocol here
     * @param means  mean msg/s per case name; a case it could not run is absent
     */
    public record Row(String label, String broker, String path, Map<String, Double> means) {
        public Row {
            means = Map.copyOf(means);
        }

        public BrokerPath brokerPath() {
            return new BrokerPath(broker, path);
        }

        /** Its published mean for {@code caseName}, empty where it did not run the case. */
        public OptionalDouble mean(String caseName) {
            Double v = means.get(caseName);
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
        }
    }

    /** The row this broker and client path stand for, if any. */
    public Optional<Row> row(BrokerPath brokerPath) {
        return rows.stream().filter(r -> r.brokerPath().equals(brokerPath)).findFirst();
    }

    /** The client paths of {@code broker}'s rows, in their order; empty for a broker the publication did not run. */
    public List<String> paths(String broker) {
        return rows.stream().filter(r -> r.broker().equals(broker)).map(Row::path).toList();
    }

    /** The published cases: those some row has a mean for, in name order. */
    public List<String> cases() {
        return rows.stream().flatMap(r -> r.means().keySet().stream()).distinct().sorted().toList();
    }

    /** The comparison the seed cases reproduce. */
    public static PublishedComparison persistentQueues() {
        return read(PERSISTENT_QUEUES);
    }

    static PublishedComparison read(String resource) {
        try (InputStream in = PublishedComparison.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource + " on the classpath; the build packages it");
            }
            return new ObjectMapper(new YAMLFactory())
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                    .readValue(in, PublishedComparison.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
