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
    ONEWAY,
    /**
     * Publish and consume at once on one queue: each client publishes its share while as many consumers drain it.
     * The rate counts first receipts; latency runs from the (intended) send to the first receipt, on this JVM's
     * clock, besides the publishers' confirm latency.
     */
    LIVE;

    /** Whether the phase sends with a publish mode (publish, and the publishers of a live phase). */
    public boolean publishes() {
        return this == PUBLISH || this == LIVE;
    }
}
