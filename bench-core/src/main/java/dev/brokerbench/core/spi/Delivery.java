package dev.brokerbench.core.spi;

/** Where a consumer hands each received message's stamp; called on the consumer's own thread. */
@FunctionalInterface
public interface Delivery {
    /**
     * @param stream       {@link Stamp#STREAM} or {@link Stamp#NONE} if the message carried no stamp
     * @param sequence     {@link Stamp#SEQUENCE}
     * @param sendNanos    {@link Stamp#SEND_NANOS}
     * @param payloadBytes body bytes actually read
     * @param redelivered  the broker flagged the message as a redelivery
     */
    void accept(long stream, long sequence, long sendNanos, int payloadBytes, boolean redelivered);
}
