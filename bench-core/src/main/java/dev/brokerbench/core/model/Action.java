package dev.brokerbench.core.model;

/** What a phase does with the destination. */
public enum Action {
    /** Send messages to the queue (producers only). */
    PUBLISH,
    /** Drain the queue (consumers only). */
    CONSUME,
    /**
     * Request/reply: clients send requests to the queue with a private reply address and a correlation id; server
     * sessions answer each with every payload byte incremented by 1; clients verify every reply.
     */
    RPC,
    /** One-way streaming: clients send, server sessions receive; the rate is measured at the servers. */
    ONEWAY
}
