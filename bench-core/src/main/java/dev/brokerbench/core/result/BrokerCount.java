package dev.brokerbench.core.result;

/**
 * The broker's own count of the messages on a queue, a second witness beside the suite's accounting: asked after
 * the broker came back from a kill and before the drain, it tells whether a message the suite calls lost was lost by
 * the broker (it does not count it either) or by the harness (it does).
 *
 * @param messages messages the broker says the queue holds
 * @param source   how it was asked, e.g. "queue query (Artemis Core)", "passive queue.declare"
 */
public record BrokerCount(long messages, String source) {
    public BrokerCount {
        if (messages < 0) {
            throw new IllegalArgumentException("messages must be >= 0, got " + messages);
        }
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException("source must name how the broker was asked");
        }
    }
}
