package dev.brokerbench.core.result;

/**
 * How one step of a rate search ended: sustained, or which criterion it failed first. The criteria are declared in
 * the order a step is judged; a rate whose steps failed differently is named by the earliest.
 */
public enum StepVerdict {
    /** The search's first step, at its start rate: the path's connections and code warm up; not judged. */
    WARM_UP("warm-up, not judged"),
    /** Every message arrived once, sends left on schedule, confirmations and deliveries kept up. */
    SUSTAINED("sustained"),
    /** Sends left later than the allowance behind their schedule (p99): the publishers could not keep the rate. */
    PUBLISHERS_BEHIND("publishers fell behind"),
    /** Sends left on time but confirmations took longer than the allowance (p99). */
    CONFIRMS_RAN_AWAY("confirm latency ran away"),
    /** The last message arrived later than the allowance after the schedule's end: a backlog built up. */
    BACKLOG_GREW("backlog grew"),
    /** A message was lost or duplicated, or a client failed: the search stops there. */
    FAILED("failed");

    private final String description;

    StepVerdict(String description) {
        this.description = description;
    }

    /** What it means in a table, e.g. "backlog grew". */
    public String description() {
        return description;
    }

    public boolean sustained() {
        return this == SUSTAINED;
    }
}
