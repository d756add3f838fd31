package dev.brokerbench.core.result;

/** A latency a phase measures, each written as its own histogram log. */
public enum LatencyMetric {
    /** Publish: from the (intended) send to the broker's confirmation. */
    CONFIRM("confirm", "send to broker confirmation"),
    /** Rate-limited publish: how late each send left compared with its schedule. */
    SEND_DELAY("send-delay", "send delay behind the schedule"),
    /** Request/reply: from the request's send to its reply. */
    CALL("call", "request to reply"),
    /** Live: from the (intended) send to the first receipt by a consumer. */
    END_TO_END("end-to-end", "send to first receipt");

    private final String fileName;
    private final String description;

    LatencyMetric(String fileName, String description) {
        this.fileName = fileName;
        this.description = description;
    }

    /** The part of a log's file name that says which latency it holds. */
    public String fileName() {
        return fileName;
    }

    public String description() {
        return description;
    }
}
