package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * A scenario as the user wrote it (validated) or as scaled for a run: the settings every case shares, and its
 * {@link Shape} (what it does: fill and drain a queue, live traffic, calls). Stored in JSON in its flat form
 * ({@link StoredWorkload}), the one every stored run holds.
 *
 * @param name               short id used on the command line and in file names (e.g. {@code c1})
 * @param title              human title (e.g. "publish · persistent · 0 KB · sync")
 * @param queue              the one durable queue (or topic) the workload uses, or the stem of its queues' names
 * @param destinations       many queues with the publishers spread over them and consumers of their own; null for
 *                           the one queue all clients share
 * @param clients            concurrent clients; a client is one connection with one session on its own thread
 * @param messages           messages (calls) per phase (at scale 1)
 * @param warmupMessages     messages per phase of the warm-up pass on the same broker and queue, excluded from
 *                           the measured figures and reported separately; 0 disables it
 * @param payloadBytes       body size; 0 means an empty body plus the suite's three accounting properties. With a
 *                           size mix, its mean ({@link SizeMix#nominalBytes}): what a path converting a prefetch into
 *                           bytes converts with
 * @param sizes              bodies of more than one size, each message's drawn from its stream and sequence; null
 *                           when every body is {@code payloadBytes} long
 * @param randomBytes        how much of each body is random (the rest compresses); {@link RandomBytes#ALL} by default
 * @param persistent         persistent delivery to a durable queue
 * @param publishWindow      maximum unconfirmed messages per client in async publish
 * @param prefetch           consumer prefetch in messages
 * @param ackMode            consumer acknowledgement
 * @param ackBatch           messages per explicit acknowledgement or transaction: consumers in CLIENT and
 *                           TRANSACTED, publishers in {@link PublishMode#TRANSACTED}
 * @param processing         the time a consumer spends on each message before it takes the next (a slow consumer);
 *                           {@link Processing#NONE} for none
 * @param ratePerSecond      target publish rate per client; 0 = as fast as confirmations allow. With a rate,
 *                           latency is measured from the intended send time (no coordinated omission)
 * @param idleTimeoutSeconds a consume phase that receives nothing for this long ends and reports the rest lost; a
 *                           call without a reply for this long is counted as timed out
 * @param shape              its phases and what belongs to them alone
 * @param sweep              run once per value of one setting (each value a cell of its own); null for one cell
 * @param point              a cell of a sweep: which sweep and value; null otherwise
 * @param rollback           every transacted client (a publisher in {@link PublishMode#TRANSACTED}, consumers in
 *                           {@link AckMode#TRANSACTED}) rolls back every n-th of its transactions; null for none
 * @param group              what {@code --case} groups it under: the folder its file sits in ({@code seed},
 *                           {@code faults}, {@code rpc}, ...), or {@link #UNGROUPED}
 */
@com.fasterxml.jackson.databind.annotation.JsonSerialize(converter = StoredWorkload.Store.class)
@com.fasterxml.jackson.databind.annotation.JsonDeserialize(converter = StoredWorkload.Read.class)
public record Workload(String name, String title, String queue, Destinations destinations, int clients, long messages,
                       long warmupMessages,
                       int payloadBytes, SizeMix sizes, RandomBytes randomBytes, boolean persistent,
                       int publishWindow, int prefetch, AckMode ackMode, int ackBatch, Processing processing,
                       double ratePerSecond, int idleTimeoutSeconds, Shape shape, Sweep sweep, Sweep.Point point,
                       Rollback rollback, String group) {

    /** The parity rules: four sessions... */
    public static final int PARITY_CLIENTS = 4;
    /** ...each with at most 1000 sends awaiting the broker's confirmation in async publish (not a rate window)... */
    public static final int PARITY_PUBLISH_WINDOW = 1000;
    /** ...and consumers prefetching 1000 messages. */
    public static final int PARITY_PREFETCH = 1000;
    public static final int MAX_CLIENTS = 1024;
    public static final int MAX_PAYLOAD_BYTES = 100 * 1024 * 1024;

    public Workload(String name, String title, String queue, Destinations destinations, int clients, long messages,
                    long warmupMessages,
                    int payloadBytes, SizeMix sizes, RandomBytes randomBytes, boolean persistent,
                    int publishWindow, int prefetch, AckMode ackMode, int ackBatch, Processing processing,
                    double ratePerSecond, int idleTimeoutSeconds, Shape shape, Sweep sweep, Sweep.Point point,
                    Rollback rollback, String group) {
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
        check(sizes == null || payloadBytes == sizes.nominalBytes(), "payloadBytes",
                "must not be set beside sizes (it is the mix's mean, " + (sizes == null ? 0 : sizes.nominalBytes())
                        + ")", payloadBytes);
        check(randomBytes != null, RandomBytes.FIELD, "must be set (1 for random bodies)", null);
        check(processing != null, Processing.FIELD, "must be set (" + Processing.NONE.text() + " for none)", null);
        check(publishWindow >= 1 && publishWindow <= 1_000_000, "publishWindow", "must be 1..1000000", publishWindow);
        check(prefetch >= 1 && prefetch <= 1_000_000, "prefetch", "must be 1..1000000", prefetch);
        check(ackMode != null, "ack", "must be one of auto, client, dups_ok, transacted", ackMode);
        check(ackBatch >= 1 && ackBatch <= 1_000_000, "ackBatch", "must be 1..1000000", ackBatch);
        check(ratePerSecond >= 0 && Double.isFinite(ratePerSecond), "ratePerSecond", "must be >= 0", ratePerSecond);
        check(idleTimeoutSeconds >= 1 && idleTimeoutSeconds <= 3600, "idleTimeoutSeconds", "must be 1..3600",
                idleTimeoutSeconds);
        check(shape != null, "phases", "must list at least one phase", null);
        check(sweep == null || point == null, "sweep", "must not be set on a cell of a sweep", sweep);
        Sweep.Variable swept = sweep != null ? sweep.variable() : point != null ? point.variable() : null;
        check(swept != Sweep.Variable.PAYLOAD_BYTES || sizes == null, "sweep.variable",
                "payloadBytes cannot be swept in a case with a size mix (sizes)", sizes == null ? null : sizes.text());
        check(swept == null || !swept.shaped() || shape.sweeps(swept), "sweep.variable",
                swept == null ? "" : swept.key() + " " + swept.needs(), swept == null ? null : swept.key());
        boolean transacted = ackMode == AckMode.TRANSACTED
                || shape.phases().stream().anyMatch(p -> p.mode() == PublishMode.TRANSACTED);
        check(rollback == null || transacted, "rollbackEvery",
                "needs a transacted publish phase (mode: transacted) or transacted consumers (ack: transacted)", rollback);
        check(group != null && group.matches("[a-z][a-z0-9-]*"), "group", "must be lower-case letters, digits or '-'",
                group);
        this.name = name;
        this.title = title;
        check(destinations == null || shape instanceof QueueCase q && q.fault() == null && q.selection() == null
                        || shape instanceof LiveCase l && l.topic() == null, Destinations.FIELD,
                "needs a queue case without a fault or selector, or a live case on queues (not a topic)",
                shape == null ? null : shape.kind());
        check(destinations == null || shape.phases().stream().noneMatch(p -> p.mode() == PublishMode.TRANSACTED),
                Destinations.FIELD, "cannot take a transacted publish (a publisher's transaction would span the"
                        + " sessions of several queues)", PublishMode.TRANSACTED);
        this.queue = queue;
        this.destinations = destinations;
        this.clients = clients;
        this.messages = messages;
        this.warmupMessages = warmupMessages;
        this.payloadBytes = payloadBytes;
        this.sizes = sizes;
        this.randomBytes = randomBytes;
        this.persistent = persistent;
        this.publishWindow = publishWindow;
        this.prefetch = prefetch;
        this.ackMode = ackMode;
        this.ackBatch = ackBatch;
        this.processing = processing;
        this.ratePerSecond = ratePerSecond;
        this.idleTimeoutSeconds = idleTimeoutSeconds;
        this.shape = shape;
        this.sweep = sweep;
        this.point = point;
        this.rollback = rollback;
        this.group = group;
        shape.checkShared(this); // once every setting is in place: the shape reads them
    }

    /** A workload built in code rather than read from a folder of workloads: it belongs to no --case group. */
    public static final String UNGROUPED = "ungrouped";

    /**
     * A workload of {@code phases} under the parity rules: {@link #PARITY_CLIENTS} clients, 1000 messages, no
     * warm-up, empty persistent messages, the parity publish window and prefetch, auto acknowledge, a 10 s idle
     * timeout; request/reply and one-way with {@link Rpc#DEFAULT_SERVERS} servers and one call in flight. The
     * {@code with...} methods change what differs.
     */
    public static Workload of(String name, List<Phase> phases) {
        return of(name, Shape.of(phases));
    }

    /** A workload of {@code shape} under the parity rules, as {@link #of(String, List)}. */
    public static Workload of(String name, Shape shape) {
        return new Workload(name, name, name, null, PARITY_CLIENTS, 1000, 0, 0, null, RandomBytes.ALL, true,
                PARITY_PUBLISH_WINDOW,
                PARITY_PREFETCH, AckMode.AUTO, 1, Processing.NONE, 0, 10, shape, null, null, null, UNGROUPED);
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
        return toBuilder().message(bytes, null, isPersistent).build();
    }

    /** The same workload with bodies of the sizes {@code mix} draws. */
    public Workload withSizes(SizeMix mix) {
        return toBuilder().message(mix.nominalBytes(), mix, persistent).build();
    }

    /** The same workload with bodies {@code share} of whose bytes are random. */
    public Workload withRandomBytes(RandomBytes share) {
        return toBuilder().randomBytes(share).build();
    }

    /** The same workload with consumers that spend {@code time} on each message. */
    public Workload withProcessing(Processing time) {
        return toBuilder().processing(time).build();
    }

    /** The body size of message {@code sequence} of {@code stream}. */
    public int sizeOf(long stream, long sequence) {
        return sizes == null ? payloadBytes : sizes.sizeOf(stream, sequence);
    }

    /**
     * Its bodies in a few words: {@code "1024"}, {@code "2048:6,8192:3,65536:1 (mean 10,240)"}, with
     * {@code ", 30 % random"} when only part of each is random.
     */
    public String bodyLabel() {
        return (sizes == null ? String.valueOf(payloadBytes) : sizes.text() + String.format(java.util.Locale.ROOT,
                " (mean %,d)", payloadBytes)) + (randomBytes.all() ? "" : ", " + randomBytes.label());
    }

    /** The largest body it sends. */
    public int maxPayloadBytes() {
        return sizes == null ? payloadBytes : sizes.maxBytes();
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

    /** The same shared settings around another shape. */
    public Workload withShape(Shape other) {
        return toBuilder().shape(other).build();
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

    /** Its phases, in order ({@link Shape#phases}). */
    public List<Phase> phases() {
        return shape.phases();
    }

    /** The variable its sweep varies, or the one its point of a sweep took a value of; null for neither. */
    public Sweep.Variable swept() {
        return sweep != null ? sweep.variable() : point != null ? point.variable() : null;
    }

    /** True for a live workload: publishers and consumers on the queue at once. */
    public boolean live() {
        return shape instanceof LiveCase;
    }

    /** True for a workload on a topic: each message is owed once to every subscriber. */
    public boolean fanOut() {
        return shape instanceof LiveCase l && l.topic() != null;
    }

    /** The clients that receive: one per subscription on a topic, those of every queue of many, else {@code clients}. */
    public int consumers() {
        return destinations == null ? shape.consumers(clients) : destinations.consumers();
    }

    /** The consumers that share each queue: one a subscription on a topic, those of each of many queues, or all. */
    public int consumersPerQueue() {
        return fanOut() ? 1 : destinations != null ? destinations.consumersPerQueue() : consumers();
    }

    /** The same workload on {@code spread}'s queues (null: its one queue). */
    public Workload withDestinations(Destinations spread) {
        return toBuilder().destinations(spread).build();
    }

    /** The names of the queues publisher {@code publisher} sends to, in the order it takes them. */
    public List<String> queuesOfPublisher(int publisher) {
        if (destinations == null) {
            return List.of(queue);
        }
        return java.util.Arrays.stream(destinations.queuesOf(publisher, clients))
                .mapToObj(q -> destinations.name(queue, q)).toList();
    }

    /** The most sessions a publisher opens (one a queue it serves, publisher 0 serving the most), one after another. */
    public int sessionsPerPublisher() {
        return destinations == null ? 1 : destinations.queuesOf(0, clients).length;
    }

    /** The name of the queue consumer {@code consumer} drains. */
    public String queueOf(int consumer) {
        return destinations == null ? queue : destinations.name(queue, destinations.queueOf(consumer));
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
                Math.round(totalRate * LiveCase.of(this).search().pointSeconds())), 0);
    }

    /** True for request/reply and one-way workloads (calls, not a queue filled then drained). */
    public boolean calls() {
        return shape instanceof CallCase;
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
        check(v != Sweep.Variable.ACK_BATCH || value >= 1 && value <= 1_000_000, "sweep.values",
                "must be 1..1000000 for " + v.key(), value);
        int batch = v == Sweep.Variable.ACK_BATCH ? (int) value : ackBatch;
        return toBuilder().named(name + "." + value, title + " · " + v.key() + " " + value).clients(c)
                .messages(m, w).message(size, sizes, persistent).ack(ackMode, batch).sweep(null)
                .point(new Sweep.Point(name, v, value)).shape(shape.at(v, value)).build();
    }

    /**
     * This workload with message counts multiplied by {@code scale} (at least one message per client), and a latency
     * curve's steps and points that much longer or shorter ({@link RateSearch#scaled}).
     */
    public Workload scaled(double scale) {
        check(scale > 0 && Double.isFinite(scale), "scale", "must be > 0", scale);
        long scaledWarmup = warmupMessages == 0 ? 0 : Math.max(clients, Math.round(warmupMessages * scale));
        return toBuilder().messages(Math.max(clients, Math.round(messages * scale)), scaledWarmup)
                .shape(shape.scaled(scale)).build();
    }

    public Phase reportedPhase() {
        return shape.reported();
    }

    public ClientSpec clientSpec() {
        boolean selecting = shape instanceof QueueCase q && q.selects(this);
        return new ClientSpec(publishWindow, prefetch, ackMode, ackBatch, persistent, payloadBytes,
                Fault.reconnects(QueueCase.faultOf(this)), selecting);
    }
}
