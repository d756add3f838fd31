package dev.brokerbench.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.brokerbench.core.model.InvalidConfigException;

/**
 * A cell of a run: a case on a client path on a broker, written {@code broker / path / case} in tables, baselines and
 * the gate's rows, and {@code broker__path__case} in result file names. Ordered as its text is.
 *
 * @param brokerPath the broker and client path
 * @param workload   the case (a workload's name; a sweep's cell {@code name.value})
 */
@JsonDeserialize(keyUsing = CellId.KeyReader.class)
public record CellId(BrokerPath brokerPath, String workload) implements Comparable<CellId> {

    public CellId {
        if (brokerPath == null) {
            throw new InvalidConfigException("a cell needs a broker and a client path");
        }
        checkPart("case", workload);
    }

    public CellId(String broker, String path, String workload) {
        this(new BrokerPath(broker, path), workload);
    }

    /** The cell {@code result} measured. */
    public static CellId of(RunResult result) {
        return new CellId(result.broker().brokerId(), result.client().clientPath(), result.workload().name());
    }

    /**
     * The cell a text {@code broker / path / case} names.
     *
     * @throws InvalidConfigException when it is not three parts joined by {@code " / "}
     */
    @JsonCreator
    public static CellId parse(String text) {
        int last = text == null ? -1 : text.lastIndexOf(BrokerPath.SEPARATOR);
        if (last < 0) {
            throw new InvalidConfigException("'" + text + "' is not 'broker / client path / case'");
        }
        try {
            return new CellId(BrokerPath.parse(text.substring(0, last)),
                    text.substring(last + BrokerPath.SEPARATOR.length()));
        } catch (InvalidConfigException e) {
            throw new InvalidConfigException("'" + text + "' is not 'broker / client path / case'");
        }
    }

    public String broker() {
        return brokerPath.broker();
    }

    public String path() {
        return brokerPath.path();
    }

    /** The stem of the cell's result file: {@code broker__path__case}. */
    public String fileStem() {
        return broker() + "__" + path() + "__" + workload;
    }

    @JsonValue
    @Override
    public String toString() {
        return brokerPath + BrokerPath.SEPARATOR + workload;
    }

    @Override
    public int compareTo(CellId other) {
        return toString().compareTo(other.toString());
    }

    /** Reads a map key with {@link #parse}, so a bad key is refused in its words, not Jackson's. */
    static final class KeyReader extends KeyDeserializer {
        @Override
        public Object deserializeKey(String key, DeserializationContext context) {
            return parse(key);
        }
    }

    /** A part is not blank, has no '/' and no space at either end (the text form could not be read back). */
    static void checkPart(String what, String part) {
        if (part == null || part.isBlank() || part.contains("/") || !part.strip().equals(part)) {
            throw new InvalidConfigException("a cell's " + what + " must be set, without '/' or spaces at its ends,"
                    + " got " + (part == null ? "nothing" : "'" + part + "'"));
        }
    }
}
