package dev.brokerbench.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.brokerbench.core.model.InvalidConfigException;

/**
 * A client path on a broker, written {@code broker / path}: a chart's series, a row of the comparison and a group of
 * the regression gate. Ordered as its text is, so tables keep the order they had when this was a string.
 *
 * @param broker a broker id (e.g. {@code artemis})
 * @param path   a client path id (e.g. {@code artemis-core-jms})
 */
public record BrokerPath(String broker, String path) implements Comparable<BrokerPath> {
    static final String SEPARATOR = " / ";

    public BrokerPath {
        CellId.checkPart("broker", broker);
        CellId.checkPart("client path", path);
    }

    /**
     * The pair a text {@code broker / path} names.
     *
     * @throws InvalidConfigException when it is not two parts joined by {@code " / "}
     */
    @JsonCreator
    public static BrokerPath parse(String text) {
        String[] parts = text == null ? new String[0] : text.split(SEPARATOR, -1);
        if (parts.length != 2) {
            throw new InvalidConfigException("'" + text + "' is not 'broker / client path'");
        }
        return new BrokerPath(parts[0], parts[1]);
    }

    @JsonValue
    @Override
    public String toString() {
        return broker + SEPARATOR + path;
    }

    @Override
    public int compareTo(BrokerPath other) {
        return toString().compareTo(other.toString());
    }
}
