package dev.brokerbench.core.result;

/** How a rate search ended: whether its highest sustained rate is within the search's precision of the limit. */
public enum SearchEnd {
    /** The highest sustained and the lowest failing rate came within the search's precision of each other. */
    CONVERGED("converged"),
    /**
     * The next rate would have been above the search's ceiling: the path sustained the highest rate tried, and may
     * sustain more.
     */
    CEILING("at the ceiling: may sustain more"),
    /** The next rate would have been below 1 msg/s. */
    FLOOR("below 1 msg/s"),
    /**
     * The search ran its most steps before its rates came within its precision: the highest sustained rate is a lower
     * bound, further below the lowest failing one than the precision.
     */
    STEP_CAP("step cap: not converged"),
    /** A step lost or duplicated a message or failed outright: the search stopped there. */
    FAILED("a step failed");

    private final String description;

    SearchEnd(String description) {
        this.description = description;
    }

    /** What it means in a table, e.g. "step cap: not converged". */
    public String description() {
        return description;
    }
}
