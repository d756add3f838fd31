package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * A scenario as the user wrote it (validated) or as scaled for a run.
 *
 * @param name               short id used on the command line and in file names (e.g. {@code c1})
 * @param title              human title (e.g. "publish · persistent · 0 KB · sync")
 * @param queue              the one durable queue the workload uses
 * @param clients            concurrent clients; a client is one connection with one session on its own thread
 * @param messages           messages per phase (at scale 1)
 * @param warmupMessages     messages per phase of the warm-up pass on the same broker and queue, excluded from
 *                           the measured figures and reported separately; 0 disables it
 * @param payloadBytes       body size; 0 means an empty body plus the suite's three accounting properties
 * @param persistent         persistent delivery to a durable queue
 * @param publishWindow      maximum unconfirmed messages per client in async publish
 * @param prefetch           consumer prefetch in messages
 * @param ackMode            consumer acknowledgement
 * @param ackBatch           messages per explicit acknowledgement or transaction: consumers in CLIENT and
 *                           TRANSACTED, publishers in {@link PublishMode#TRANSACTED}
 * @param ratePerSecond      target publish rate per client; 0 = as fast as confirmations allow. With a rate,
 *                           latency is measured from the intended send time (no coordinated omission)
 * @param idleTimeoutSeconds a consume phase that receives nothing for this long ends and reports the rest lost
 * @param fault              kill -9 the broker during the reported publish phase, or a consumer process during the
 *                           reported consume phase; null for no fault
 * @param phases             a publish phase that fills the queue, then a consume phase that drains it; one
 *                           of them is the reported figure, the other is set-up or verification. Or a single live
 *                           phase (publish and consume at once, {@link Action#LIVE}), or a single request/reply ({@link Action#RPC}) or one-way ({@link Action#ONEWAY}) phase, where
 *                           {@code messages} counts calls and a call without a reply within
 *                           {@code idleTimeoutSeconds} is counted as timed out
 * @param rpc                servers and calls in flight of an RPC or one-way workload; null otherwise
 * @param sweep              run once per value of one setting (each value a cell of its own); null for one cell
 * @param point              a cell of a sweep: which sweep and value; null otherwise
 * @param search             how a latency curve (a live workload swept over {@code ratePercent}) finds the highest
 *                           rate its percentages are of; null for any other workload
 * @param selection          the consumers of the reported consume phase take only the messages this selector
 *                           matches (what they leave is drained after them, unreported); null for none
 * @param topic              a live workload whose publishers send to a topic (named {@code queue}) fanning out to
 *                           subscriptions, each with a client of its own; null for a queue
 * @param rollback           every transacted client (a publisher in {@link PublishMode#TRANSACTED}, consumers in
 *                           {@link AckMode#TRANSACTED}) rolls back every n-th of its transactions; null for none
 * @param group              what {@code --case} groups it under: {@code seed} (the six-case matrix, {@code all}),
 *                           {@code faults}, {@code rpc}, or a group the file names
 */
public record Workload(String name, String title, String queue, int clients, long messages, long warmupMessages,
                       int payloadBytes, boolean persistent, int publishWindow, int prefetch, AckMode ackMode,
                       int ackBatch, double ratePerSecond, int idleTimeoutSeconds, List<Phase> phases,
                       Fault fault, Rpc rpc, Sweep sweep, Sweep.Point point, RateSearch search, Topic topic,
                       Selection selection, Rollback rollback, String group) {

    /** The parity rules: four sessions... */
    public static final int PARITY_CLIENTS = 4;
    /** ...each with at most 1000 sends awaiting the broker's confirmation in async publish (not a rate window)... */
    public static final int PARITY_PUBLISH_WINDOW = 1000;
    /** ...and consumers prefetching 1000 messages. */
    public static final int PARITY_PREFETCH = 1000;
    public static final int MAX_CLIENTS = 1024;
    public static final int MAX_PAYLOAD_BYTES = 100 * 1024 * 1024;

    public Workload {
        check(name != null && name.matches("[A-Za-z0-9][A-Za-z0-9._-]*"), "name",
                "must be letters, digits, '.', '_' or '-'", name);
        check(title != null && !title.isBlank(), "title", "must be set", title);
        check(queue != null && queue.matches("[A-Za-z0-9][A-Za-z0-9._-]*"), "queue",
                "must be letters, digits, '.', '_' or '-'", queue);
        check(clients >= 1 && clients <= MAX_CLIENTS, "clients", "must be 1.." + MAX_CLIENTS, clients);
        check(messages >= clients, "messages", "must be >= clients (" + clients + ")", messages);
        check(warmupMessages == 0 || warmupMessages >= clients, "warmupMessages",
                "must be 0 or >= clients (" + clients + ")", warmupMessages);
        check(payloadBytes >= 0 && payloadBytes <= MAX_PAYLOAD_BYTES, "payloadBytes",
                "must be 0.." + MAX_PAYLOAD_BYTES, payloadBytes);
        check(publishWindow >= 1 && publishWindow <= 1_000_000, "publishWindow", "must be 1..1000000", publishWindow);
        check(prefetch >= 1 && prefetch <= 1_000_000, "prefetch", "must be 1..1000000", prefetch);
        check(ackMode != null, "ack", "must be one of auto, client, dups_ok, transacted", ackMode);
        check(ackBatch >= 1 && ackBatch <= 1_000_000, "ackBatch", "must be 1..1000000", ackBatch);
        check(ratePerSecond >= 0 && Double.isFinite(ratePerSecond), "ratePerSecond", "must be >= 0", ratePerSecond);
        check(idleTimeoutSeconds >= 1 && idleTimeoutSeconds <= 3600, "idleTimeoutSeconds", "must be 1..3600",
                idleTimeoutSeconds);
        check(phases != null && !phases.isEmpty(), "phases", "must list at least one phase", phases);
        phases = List.copyOf(phases);
        check(phases.stream().filter(Phase::reported).count() == 1, "phases",
                "must mark exactly one phase 'reported: true'", phases.stream().filter(Phase::reported).count());
        Action reportedAction = reportedPhase(phases).action();
        boolean calls = reportedAction == Action.RPC || reportedAction == Action.ONEWAY;
        boolean single = calls || reportedAction == Action.LIVE;
        check(single ? phases.size() == 1 : phases.size() == 2 && phases.get(0).action() == Action.PUBLISH
                        && phases.get(1).action() == Action.CONSUME, "phases",
                "must be one publish phase followed by the consume phase that drains it, or a single live, rpc or"
                        + " oneway phase", phases.stream().map(p -> p.action().name().toLowerCase()).toList());
        check(!single || fault == null, "fault", "is not supported on live, rpc and oneway workloads", fault);
        check(calls == (rpc != null), "servers", calls ? "must be set for an rpc or oneway workload"
                : "and rpcWindow apply to rpc and oneway workloads only", rpc);
        check(sweep == null || point == null, "sweep", "must not be set on a cell of a sweep", sweep);
        boolean curve = sweep != null && sweep.variable() == Sweep.Variable.RATE_PERCENT
                || point != null && point.variable() == Sweep.Variable.RATE_PERCENT;
        check(curve == (search != null), curve ? "search" : "sweep.variable", curve
                ? "must be set on a ratePercent sweep (it finds the rate the percentages are of)"
                : "must be ratePercent when a search is set", curve ? null : sweep == null ? null : sweep.variable());
        check(!curve || reportedAction == Action.LIVE, "sweep.variable",
                "ratePercent needs a single live phase (publishers and consumers at once)", reportedAction);
        check(sweep == null || !curve || ratePerSecond == 0, "ratePerSecond",
                "must not be set on a ratePercent sweep (each point's rate is a percentage of the searched one)",
                ratePerSecond);
        check(topic == null || reportedAction == Action.LIVE, "topic",
                "needs a single live phase (subscribers receive while the publishers send)", reportedAction);
        boolean subscriberSweep = sweep != null && sweep.variable() == Sweep.Variable.SUBSCRIBERS
                || point != null && point.variable() == Sweep.Variable.SUBSCRIBERS;
        check(!subscriberSweep || topic != null, "sweep.variable", "subscribers needs a topic", "subscribers");
        check(selection == null || reportedAction == Action.CONSUME, "matchingPercent",
                "needs the reported phase to be the consume (a selector is a consumer's)", reportedAction);
        boolean selectorSweep = sweep != null && sweep.variable() == Sweep.Variable.MATCHING_PERCENT;
        check(!selectorSweep || reportedAction == Action.CONSUME, "sweep.variable",
                "matchingPercent needs the reported phase to be the consume", reportedAction);
        boolean transacted = ackMode == AckMode.TRANSACTED
                || phases.stream().anyMatch(p -> p.mode() == PublishMode.TRANSACTED);
        check(rollback == null || transacted, "rollbackEvery",
                "needs a transacted publish phase (mode: transacted) or transacted consumers (ack: transacted)", rollback);
        check(group != null && group.matches("[a-z][a-z0-9-]*"), "group", "must be lower-case letters, digits or '-'",
                group);
        check(!(fault instanceof Fault.KillBroker) || reportedPhase(phases).action() == Action.PUBLISH,
                "fault.killBrokerAt", "needs the reported phase to be the publish (the broker is killed mid-publish)",
                reportedPhase(phases).action().name().toLowerCase());
        check(!(fault instanceof Fault.KillLeader) || reportedPhase(phases).action() == Action.PUBLISH,
                "fault.killLeaderAt", "needs the reported phase to be the publish (the leader is killed mid-publish)",
                reportedPhase(phases).action().name().toLowerCase());
        check(!(fault instanceof Fault.KillLeader) || reportedPhase(phases).mode() == PublishMode.SYNC
                        || reportedPhase(phases).mode() == PublishMode.ASYNC, "fault.killLeaderAt",
                "needs a sync or async publish (sends failed during the failover are sent again)",
                reportedPhase(phases).mode());
        check(!(fault instanceof Fault.KillConsumer) || reportedPhase(phases).action() == Action.CONSUME,
                "fault.killConsumerAt", "needs the reported phase to be the consume (a consumer is killed mid-drain)",
                reportedPhase(phases).action().name().toLowerCase());
        check(!(fault instanceof Fault.KillBroker k && k.reconnect()) || reportedPhase(phases).mode() == PublishMode.SYNC,
                "fault.reconnect", "needs a sync publish (each send is retried until the client has reconnected)",
                reportedPhase(phases).mode());
        check(!(fault instanceof Fault.KillConsumer) || clients >= 2, "clients",
                "must be >= 2 to kill a consumer (another one must drain the rest)", clients);
    }

    /** A workload built in code rather than read from a folder of workloads: it belongs to no --case group. */
    public static final String UNGROUPED = "ungrouped";

    /** A queue workload (a publish phase and its drain) built in code, with or without a fault. */
    public Workload(String name, String title, String queue, int clients, long messages, long warmupMessages,
                    int payloadBytes, boolean persistent, int publishWindow, int prefetch, AckMode ackMode,
                    int ackBatch, double ratePerSecond, int idleTimeoutSeconds, List<Phase> phases, Fault fault) {
        this(name, title, queue, clients, messages, warmupMessages, payloadBytes, persistent, publishWindow, prefetch,
                ackMode, ackBatch, ratePerSecond, idleTimeoutSeconds, phases, fault, null, null, null, null, null,
                null, null, UNGROUPED);
    }

    /** A workload without a fault, built in code. */
    public Workload(String name, String title, String queue, int clients, long messages, long warmupMessages,
                    int payloadBytes, boolean persistent, int publishWindow, int prefetch, AckMode ackMode,
                    int ackBatch, double ratePerSecond, int idleTimeoutSeconds, List<Phase> phases) {
        this(name, title, queue, clients, messages, warmupMessages, payloadBytes, persistent, publishWindow, prefetch,
                ackMode, ackBatch, ratePerSecond, idleTimeoutSeconds, phases, null);
    }

    /**
     * A workload of {@code phases} under the parity rules: {@link #PARITY_CLIENTS} clients, 1000 messages, no
     * warm-up, empty persistent messages, the parity publish window and prefetch, auto acknowledge, a 10 s idle
     * timeout; request/reply and one-way with {@link Rpc#DEFAULT_SERVERS} servers and one call in flight. The
     * {@code with...} methods change what differs.
     */
    public static Workload of(String name, List<Phase> phases) {
        Action reported = reportedPhase(phases).action();
        boolean calls = reported == Action.RPC || reported == Action.ONEWAY;
        return new Workload(name, name, name, PARITY_CLIENTS, 1000, 0, 0, true, PARITY_PUBLISH_WINDOW, PARITY_PREFETCH,
                AckMode.AUTO, 1, 0, 10, phases, null, calls ? new Rpc(Rpc.DEFAULT_SERVERS, 1) : null, null, null, null,
                null, null, null, UNGROUPED);
    }

    /** A builder holding this workload's settings, to change some of them. */
    public WorkloadBuilder toBuilder() {
        return new WorkloadBuilder(this);
    }

    public Workload withClients(int n) {
        return toBuilder().clients(n).build();
    }

    public Workload withMessages(long n, long warmup) {
        return toBuilder().messages(n, warmup).build();
    }

    public Workload withMessage(int bytes, boolean isPersistent) {
        return toBuilder().message(bytes, isPersistent).build();
    }

    public Workload withIdleTimeout(int seconds) {
        return toBuilder().idleTimeoutSeconds(seconds).build();
    }

    /** The same workload publishing at {@code perClient} messages per second per client (0: unpaced). */
    public Workload withRate(double perClient) {
        return toBuilder().ratePerSecond(perClient).build();
    }

    /** The same workload with consumers acknowledging in {@code mode} every {@code batch} messages, and rollbacks. */
    public Workload withAck(AckMode mode, int batch, Rollback rollbacks) {
        return toBuilder().ack(mode, batch).rollback(rollbacks).build();
    }

    public Workload withFault(Fault f) {
        return toBuilder().fault(f).build();
    }

    public Workload withRpc(Rpc calls) {
        return toBuilder().rpc(calls).build();
    }

    /** The same workload sweeping {@code sweep} instead (e.g. fewer sizes for a short run). */
    public Workload withSweep(Sweep replacement) {
        return toBuilder().sweep(replacement).build().validated();
    }

    /** The same workload on another queue (each cell of a run gets one of its own). */
    public Workload withQueue(String other) {
        return toBuilder().queue(other).build();
    }

    /** This workload, once every cell of its sweep was built (each value must make a valid workload). */
    public Workload validated() {
        points();
        return this;
    }

    /** True for a live workload: publishers and consumers on the queue at once. */
    public boolean live() {
        return reportedPhase().action() == Action.LIVE;
    }

    /** True for a workload on a topic: each message is owed once to every subscriber. */
    public boolean fanOut() {
        return topic != null;
    }

    /** The clients that receive: one per subscription on a topic, else {@code clients}. */
    public int consumers() {
        return topic == null ? clients : topic.subscribers();
    }

    /** Messages per second offered by all publishers together; 0 when unpaced. */
    public double offeredRate() {
        return ratePerSecond * clients;
    }

    /** True for a point of a latency curve: a live cell whose rate is a percentage of a searched one. */
    public boolean curvePoint() {
        return point != null && point.variable() == Sweep.Variable.RATE_PERCENT;
    }

    /**
     * This curve point at {@code totalRate} messages per second of all publishers together, for its search's point
     * length ({@link RateSearch#pointSeconds()}, at least one message per client).
     */
    public Workload atRate(double totalRate) {
        check(curvePoint(), "sweep.variable", "must be ratePercent to set a point's rate", point);
        check(totalRate > 0 && Double.isFinite(totalRate), "ratePerSecond", "must be > 0", totalRate);
        return withRate(totalRate / clients).withMessages(Math.max(clients,
                Math.round(totalRate * search.pointSeconds())), 0);
    }

    /** True for request/reply and one-way workloads (calls, not a queue filled then drained). */
    public boolean calls() {
        Action a = reportedPhase().action();
        return a == Action.RPC || a == Action.ONEWAY;
    }

    /** The cells this workload runs as: one per sweep value, or itself. */
    public List<Workload> points() {
        if (sweep == null) {
            return List.of(this);
        }
        return sweep.values().stream().map(this::at).toList();
    }

    /** This sweep's cell for {@code value}, named {@code <name>.<value>}. */
    private Workload at(long value) {
        Sweep.Variable v = sweep.variable();
        check(value >= 0 && value <= Integer.MAX_VALUE || v == Sweep.Variable.MESSAGES, "sweep.values",
                "must be 0.." + Integer.MAX_VALUE + " for " + v.key(), value);
        check(v != Sweep.Variable.RATE_PERCENT || value >= 1 && value <= 100, "sweep.values",
                "must be 1..100 for " + v.key(), value);
        int c = v == Sweep.Variable.CLIENTS ? (int) value : clients;
        long m = v == Sweep.Variable.MESSAGES ? value : Math.max(messages, c);
        long w = warmupMessages == 0 ? 0 : Math.max(warmupMessages, c);
        int size = v == Sweep.Variable.PAYLOAD_BYTES ? (int) value : payloadBytes;
        check(v != Sweep.Variable.SUBSCRIBERS || value >= 1 && value <= Topic.MAX_SUBSCRIBERS, "sweep.values",
                "must be 1.." + Topic.MAX_SUBSCRIBERS + " for " + v.key(), value);
        Topic t = v == Sweep.Variable.SUBSCRIBERS && topic != null ? topic.withSubscribers((int) value) : topic;
        check(v != Sweep.Variable.MATCHING_PERCENT || value >= 1 && value <= 100, "sweep.values",
                "must be 1..100 for " + v.key() + " (100: no selector)", value);
        check(v != Sweep.Variable.ACK_BATCH || value >= 1 && value <= 1_000_000, "sweep.values",
                "must be 1..1000000 for " + v.key(), value);
        int batch = v == Sweep.Variable.ACK_BATCH ? (int) value : ackBatch;
        Selection sel = v != Sweep.Variable.MATCHING_PERCENT ? selection
                : value == 100 ? null : new Selection((int) value);
        return toBuilder().named(name + "." + value, title + " · " + v.key() + " " + value).clients(c)
                .messages(m, w).message(size, persistent).ack(ackMode, batch).sweep(null)
                .point(new Sweep.Point(name, v, value)).topic(t).selection(sel).build();
    }

    private static Phase reportedPhase(List<Phase> phases) {
        return phases.stream().filter(Phase::reported).findFirst().orElseThrow();
    }

    /**
     * This workload with message counts multiplied by {@code scale} (at least one message per client), and a latency
     * curve's steps and points that much longer or shorter ({@link RateSearch#scaled}).
     */
    public Workload scaled(double scale) {
        check(scale > 0 && Double.isFinite(scale), "scale", "must be > 0", scale);
        long scaledWarmup = warmupMessages == 0 ? 0 : Math.max(clients, Math.round(warmupMessages * scale));
        return toBuilder().messages(Math.max(clients, Math.round(messages * scale)), scaledWarmup)
                .search(search == null ? null : search.scaled(scale)).build();
    }

    public Phase reportedPhase() {
        return reportedPhase(phases);
    }

    public ClientSpec clientSpec() {
        boolean selecting = selection != null || point != null && point.variable() == Sweep.Variable.MATCHING_PERCENT
                || sweep != null && sweep.variable() == Sweep.Variable.MATCHING_PERCENT;
        return new ClientSpec(publishWindow, prefetch, ackMode, ackBatch, persistent, payloadBytes,
                Fault.reconnects(fault), selecting);
    }
}
