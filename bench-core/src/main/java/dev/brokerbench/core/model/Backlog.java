package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * A backlog the consumers of a live case drain: they subscribe only once the publishers' confirmed messages reach
 * {@code messages} (the queue holds that many, none taken yet), then drain it while the publishers go on at the case's
 * rate. Scaled like the message counts, so a run drains the same depth whatever {@code --duration} says.
 *
 * @param messages the queue's depth when the consumers start, in messages
 */
public record Backlog(long messages) {
    /** The workload key it is written under. */
    public static final String FIELD = "backlog";

    public Backlog {
        check(messages >= 1, FIELD + ".messages", "must be at least 1", messages);
    }

    /** The same depth {@code scale} times as deep, at least one message. */
    public Backlog scaled(double scale) {
        return new Backlog(Math.max(1, Math.round(messages * scale)));
    }
}
