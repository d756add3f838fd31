package dev.brokerbench.core.spi;

/**
 * A reply as received: the correlation id it carried ({@link #NO_CORRELATION} if none or unreadable) and its body.
 */
public record Reply(long correlationId, byte[] body) {
    public static final long NO_CORRELATION = Long.MIN_VALUE;

    /** Parses a correlation id carried as text (JMS, AMQP); {@link #NO_CORRELATION} when absent or not a number. */
    public static long parse(String text) {
        if (text == null) {
            return NO_CORRELATION;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return NO_CORRELATION;
        }
    }
}
