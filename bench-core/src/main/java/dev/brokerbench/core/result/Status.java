package dev.brokerbench.core.result;

/** What a cell's accounting and errors say, as printed in every table: {@code ok} or the problem in capitals. */
public enum Status {
    /** Every message (or call) accounted for, no errors. */
    OK("ok"),
    /**
     * A message that vanished without a word: confirmed, or sent without a failure reported, and never received; with
     * a fault, a confirmed message that was lost (a durability violation). A send the broker refused is an ERROR.
     */
    LOSS("LOSS"),
    /**
     * The broker stopped answering: a drain's consumers could not consume (a session that did not open, a consume
     * it did not answer), again when tried once more after a wait. What did not arrive is held by it
     * ({@link Accounting#held}), not called lost: nobody could ask for it. Outranks LOSS, which needs a drain that
     * could ask for every message.
     */
    BROKER_STOPPED("BROKER STOPPED"),
    /** A message received twice; after a fault, beyond the redeliveries the broker flagged. */
    DUP("DUP"),
    /**
     * A fault that held for a stated time (a pause, a cut, lossy or slow link, a full disk): sends failed meanwhile
     * (timed out or refused, the client told of each), nothing confirmed lost and nothing duplicated.
     */
    FAILED("FAILED"),
    /** Request/reply: a reply with the wrong body or correlation id. */
    WRONG("WRONG"),
    /** Request/reply: a call unanswered in time, its reply late or never. */
    TIMEOUT("TIMEOUT"),
    /**
     * Errors (except the expected send failures of the phase a fault hit), a send the broker or client library
     * refused (without a fault), or no exact account.
     */
    ERROR("ERROR");

    private final String label;

    Status(String label) {
        this.label = label;
    }

    public boolean ok() {
        return this == OK;
    }

    /** The status printed as {@code label}, if it is one. */
    public static java.util.Optional<Status> labelled(String label) {
        return java.util.Arrays.stream(values()).filter(s -> s.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
