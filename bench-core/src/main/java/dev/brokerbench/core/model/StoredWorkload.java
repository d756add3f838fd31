package dev.brokerbench.core.model;

import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.List;

/**
 * A {@link Workload} as every stored run holds it in JSON: flat, each shape's parts as nullable fields beside the
 * shared settings (the form results were written in before workloads had shapes, kept so that every stored run
 * still reads and a stored run's file does not depend on how the model is built). {@link Read} rebuilds the shape
 * from its phases, as the YAML reader does; a shape this form has no fields for cannot be stored.
 */
public record StoredWorkload(String name, String title, String queue, int clients, long messages, long warmupMessages,
                             int payloadBytes, boolean persistent, int publishWindow, int prefetch, AckMode ackMode,
                             int ackBatch, double ratePerSecond, int idleTimeoutSeconds, List<Phase> phases,
                             Fault fault, Rpc rpc, Sweep sweep, Sweep.Point point, RateSearch search, Topic topic,
                             Selection selection, Rollback rollback, String group) {

    static StoredWorkload of(Workload w) {
        Shape shape = w.shape();
        Fault fault = null;
        Selection selection = null;
        Rpc rpc = null;
        RateSearch search = null;
        Topic topic = null;
        if (shape instanceof QueueCase q) {
            fault = q.fault();
            selection = q.selection();
        } else if (shape instanceof CallCase c) {
            rpc = c.rpc();
        } else if (shape instanceof LiveCase l) {
            search = l.search();
            topic = l.topic();
        } else {
            throw new IllegalArgumentException("a " + shape.kind() + " case has no stored form");
        }
        return new StoredWorkload(w.name(), w.title(), w.queue(), w.clients(), w.messages(), w.warmupMessages(),
                w.payloadBytes(), w.persistent(), w.publishWindow(), w.prefetch(), w.ackMode(), w.ackBatch(),
                w.ratePerSecond(), w.idleTimeoutSeconds(), w.phases(), fault, rpc, w.sweep(), w.point(), search, topic,
                selection, w.rollback(), w.group());
    }

    Workload toWorkload() {
        return new Workload(name, title, queue, clients, messages, warmupMessages, payloadBytes, persistent,
                publishWindow, prefetch, ackMode, ackBatch, ratePerSecond, idleTimeoutSeconds,
                Shape.of(phases, fault, rpc, search, topic, selection), sweep, point, rollback, group);
    }

    /** Writes a workload in its stored form. */
    static final class Store extends StdConverter<Workload, StoredWorkload> {
        @Override
        public StoredWorkload convert(Workload value) {
            return of(value);
        }
    }

    /** Reads a workload from its stored form. */
    static final class Read extends StdConverter<StoredWorkload, Workload> {
        @Override
        public Workload convert(StoredWorkload value) {
            return value.toWorkload();
        }
    }
}
