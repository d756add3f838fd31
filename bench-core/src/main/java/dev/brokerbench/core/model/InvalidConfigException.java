package dev.brokerbench.core.model;

/** A configuration value is missing, of the wrong type or out of range; the message names the field. */
public final class InvalidConfigException extends IllegalArgumentException {
    public InvalidConfigException(String message) {
        super(message);
    }

    public static void check(boolean ok, String field, String rule, Object actual) {
        if (!ok) {
            throw new InvalidConfigException("field '" + field + "' " + rule + ", got " + actual);
        }
    }
}
