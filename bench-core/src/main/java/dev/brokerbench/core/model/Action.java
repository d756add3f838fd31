package dev.brokerbench.core.model;

/** What a phase does with the destination. */
public enum Action {
    /** Send messages to the queue (producers only). */
    PUBLISH,
    /** Drain the queue (consumers only). */
    CONSUME
}
