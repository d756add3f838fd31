package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.List;

/**
 * A {@link Workload} as every stored run holds it in JSON: flat, each shape's parts as nullable fields beside the
 * shared settings (the form results were written in before workloads had shapes, kept so that every stored run
 * still reads and a stored run's file does not depend on how the model is built). {@link Read} rebuilds the shape
 * from its phases, as the YAML reader does; a shape this form has no fields for cannot be stored. A size mix and a
 * consumer's processing (and many queues, and bodies only partly random) are written only when a case has them (results
 * from before them read as one size, none, all random).
 */
public record StoredWorkload(String name, String title, String queue,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Destinations destinations, int clients, long messages, long warmupMessages,
                             int payloadBytes, @JsonInclude(JsonInclude.Include.NON_NULL) SizeMix sizes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double randomBytesRatio,
                             boolean persistent, int publishWindow, int prefetch, AckMode ackMode, int ackBatch,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Processing processing,
                             double ratePerSecond, int idleTimeoutSeconds, List<Phase> phases,
                             Fault fault, Rpc rpc, Sweep sweep, Sweep.Point point, RateSearch search, Topic topic,
                             Selection selection, @JsonInclude(JsonInclude.Include.NON_NULL) RateSchedule schedule,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Backlog backlog, Rollback rollback,
                             String group) {

    static StoredWorkload of(Workload w) {
        Shape shape = w.shape();
        Fault fault = null;
        Selection selection = null;
        Rpc rpc = null;
        RateSearch search = null;
        Topic topic = null;
        RateSchedule schedule = null;
        Backlog backlog = null;
        if (shape instanceof QueueCase q) {
            fault = q.fault();
            selection = q.selection();
        } else if (shape instanceof CallCase c) {
            rpc = c.rpc();
            fault = c.fault();
        } else if (shape instanceof LiveCase l) {
            search = l.search();
            topic = l.topic();
            schedule = l.schedule();
            backlog = l.backlog();
            fault = l.fault();
        } else {
            throw new IllegalArgumentException("a " + shape.kind() + " case has no stored form");
        }
        return new StoredWorkload(w.name(), w.title(), w.queue(), w.destinations(), w.clients(), w.messages(), w.warmupMessages(),
                w.payloadBytes(), w.sizes(), w.randomBytes().all() ? null : w.randomBytes().ratio(), w.persistent(),
                w.publishWindow(), w.prefetch(), w.ackMode(),
                w.ackBatch(), w.processing().none() ? null : w.processing(), w.ratePerSecond(),
                w.idleTimeoutSeconds(), w.phases(), fault, rpc, w.sweep(), w.point(), search, topic, selection,
                schedule, backlog, w.rollback(), w.group());
    }

    Workload toWorkload() {
        return new Workload(name, title, queue, destinations, clients, messages, warmupMessages, payloadBytes, sizes,
                RandomBytes.of(randomBytesRatio), persistent,
                publishWindow, prefetch, ackMode, ackBatch, processing == null ? Processing.NONE : processing,
                ratePerSecond, idleTimeoutSeconds,
                Shape.of(phases, fault, rpc, search, topic, selection, schedule, backlog), sweep, point, rollback, group);
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
