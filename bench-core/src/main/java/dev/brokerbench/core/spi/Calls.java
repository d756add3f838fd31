package dev.brokerbench.core.spi;

/**
 * Request/reply and one-way calls to server sessions ({@link Capability#REQUEST_REPLY}, {@link Capability#ONE_WAY}
 * unless the path or the broker declares that gap).
 */
public non-sealed interface Calls extends Facet {
    /**
     * A new client connection for request/reply and one-way sends to {@code queue}, with a reply address of its own
     * when {@code replies} (a one-way client has none); used by one thread.
     */
    Requester requester(String queue, boolean replies) throws Exception;

    /**
     * Starts {@code sessions} server sessions (each on its own connection) consuming {@code queue}: every message is
     * counted and reported through {@code onReceive} with the correlation id it carried (a request's or a one-way
     * message's) and {@link System#nanoTime()} and, when it names a reply address, answered there with
     * {@link RpcPayload#transform} of its body and its correlation id.
     */
    RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception;
}
