package dev.brokerbench.core.run;

/**
 * How many messages one phase may have in this JVM. Each costs its send time on the progress clock (8 bytes) and a
 * few bits of the ledgers; a phase that needs more than a quarter of the heap would end the whole run with an
 * OutOfMemoryError, so a scale that asks for more is refused before any broker starts and a phase sized to
 * {@code --duration} is held to it.
 */
public final class MessageBudget {
    /** Heap per message: the clock's 8 bytes, with room for the ledgers' bit sets and the histograms. */
    public static final int BYTES_PER_MESSAGE = 16;

    private MessageBudget() {
    }

    /** The most messages one phase may have here. */
    public static long perPhase() {
        return Math.min(Integer.MAX_VALUE - 8L, Runtime.getRuntime().maxMemory() / 4 / BYTES_PER_MESSAGE);
    }
}
