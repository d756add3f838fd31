package dev.brokerbench.core.model;

/**
 * What a driver must honour, in the suite's units. Drivers convert (e.g. a prefetch of N messages into
 * Artemis' consumer window in bytes) and report the converted values in their {@code ClientInfo}.
 *
 * @param publishWindow maximum unconfirmed messages per publisher in async mode
 * @param prefetch      messages the broker may push to a consumer before acknowledgement
 * @param ackMode       consumer acknowledgement mode
 * @param ackBatch      messages per explicit acknowledgement / commit (CLIENT, TRANSACTED)
 * @param persistent    persistent (durable) delivery
 * @param payloadBytes  body size of every message
 * @param reconnect     use the client library's own reconnection (failover) so that a connection survives a broker
 *                      restart; off everywhere else, so that a broken connection fails visibly
 * @param selectorKey   publishers add the {@link dev.brokerbench.core.spi.Stamp#SELECTOR_KEY} property to every
 *                      message (a selector case, its no-selector baseline included, so that all its cells send the
 *                      same messages)
 */
public record ClientSpec(int publishWindow, int prefetch, AckMode ackMode, int ackBatch, boolean persistent,
                         int payloadBytes, boolean reconnect, boolean selectorKey) {

    /** Without the selector key. */
    public ClientSpec(int publishWindow, int prefetch, AckMode ackMode, int ackBatch, boolean persistent,
                      int payloadBytes, boolean reconnect) {
        this(publishWindow, prefetch, ackMode, ackBatch, persistent, payloadBytes, reconnect, false);
    }

    /** Without reconnection. */
    public ClientSpec(int publishWindow, int prefetch, AckMode ackMode, int ackBatch, boolean persistent,
                      int payloadBytes) {
        this(publishWindow, prefetch, ackMode, ackBatch, persistent, payloadBytes, false);
    }
}
