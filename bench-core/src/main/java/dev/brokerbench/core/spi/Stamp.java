package dev.brokerbench.core.spi;

/**
 * What the framework writes into every message so that it can be accounted for exactly. Drivers carry the three
 * values as message properties/headers named below (never in the body, so a "0 KB" message has an empty body).
 *
 * @param stream    the producing stream: a per-phase random tag in the high bits and the client index in the low
 *                  16 bits
 * @param sequence  0-based position of the message in its stream
 * @param sendNanos {@link System#nanoTime()} when the message was (intended to be) sent
 */
public record Stamp(long stream, long sequence, long sendNanos) {
    /** Property carrying {@link #stream()} (a long). */
    public static final String STREAM = "bbStream";
    /** Property carrying {@link #sequence()} (a long). */
    public static final String SEQUENCE = "bbSeq";
    /** Property carrying {@link #sendNanos()} (a long). */
    public static final String SEND_NANOS = "bbSent";
    /**
     * Property a path with message selectors adds, in a case that selects ({@code ClientSpec#selectorKey}): an int,
     * {@link #sequence()} mod 100, which a selector such as {@code bbKey < 10} matches for 10 % of the messages,
     * interleaved (JMS selectors have no modulo, and the brokers divide longs as decimals).
     */
    public static final String SELECTOR_KEY = "bbKey";

    /** The value of {@link #SELECTOR_KEY} for this message. */
    public int selectorKey() {
        return dev.brokerbench.core.model.Selection.key(sequence);
    }

    /** What a driver passes as stream for a message that carries no stamp. */
    public static final long NONE = -1L;
}
