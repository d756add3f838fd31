package dev.brokerbench.core.model;

/** A {@link Workload}'s settings, changed one part at a time; {@link #build()} validates the whole. */
public final class WorkloadBuilder {
    private String name;
    private String title;
    private String queue;
    private Destinations destinations;
    private int clients;
    private long messages;
    private long warmupMessages;
    private int payloadBytes;
    private SizeMix sizes;
    private RandomBytes randomBytes;
    private boolean persistent;
    private int publishWindow;
    private int prefetch;
    private AckMode ackMode;
    private int ackBatch;
    private Processing processing;
    private double ratePerSecond;
    private int idleTimeoutSeconds;
    private Shape shape;
    private Sweep sweep;
    private Sweep.Point point;
    private Rollback rollback;
    private String group;

    WorkloadBuilder(Workload w) {
        name = w.name();
        title = w.title();
        queue = w.queue();
        destinations = w.destinations();
        clients = w.clients();
        messages = w.messages();
        warmupMessages = w.warmupMessages();
        payloadBytes = w.payloadBytes();
        sizes = w.sizes();
        randomBytes = w.randomBytes();
        persistent = w.persistent();
        publishWindow = w.publishWindow();
        prefetch = w.prefetch();
        ackMode = w.ackMode();
        ackBatch = w.ackBatch();
        processing = w.processing();
        ratePerSecond = w.ratePerSecond();
        idleTimeoutSeconds = w.idleTimeoutSeconds();
        shape = w.shape();
        sweep = w.sweep();
        point = w.point();
        rollback = w.rollback();
        group = w.group();
    }

    public WorkloadBuilder named(String newName, String newTitle) {
        name = newName;
        title = newTitle;
        return this;
    }

    public WorkloadBuilder queue(String value) {
        queue = value;
        return this;
    }

    public WorkloadBuilder destinations(Destinations value) {
        destinations = value;
        return this;
    }

    public WorkloadBuilder clients(int value) {
        clients = value;
        return this;
    }

    public WorkloadBuilder messages(long measured, long warmup) {
        messages = measured;
        warmupMessages = warmup;
        return this;
    }

    /** Bodies {@code share} of whose bytes are random. */
    public WorkloadBuilder randomBytes(RandomBytes share) {
        randomBytes = share;
        return this;
    }

    /** Bodies of {@code bytes}, or of the sizes {@code mix} draws (then {@code bytes} is its mean); null for one size. */
    public WorkloadBuilder message(int bytes, SizeMix mix, boolean isPersistent) {
        payloadBytes = bytes;
        sizes = mix;
        persistent = isPersistent;
        return this;
    }

    public WorkloadBuilder processing(Processing value) {
        processing = value;
        return this;
    }

    public WorkloadBuilder ack(AckMode mode, int batch) {
        ackMode = mode;
        ackBatch = batch;
        return this;
    }

    public WorkloadBuilder ratePerSecond(double perClient) {
        ratePerSecond = perClient;
        return this;
    }

    public WorkloadBuilder idleTimeoutSeconds(int seconds) {
        idleTimeoutSeconds = seconds;
        return this;
    }

    public WorkloadBuilder shape(Shape value) {
        shape = value;
        return this;
    }

    public WorkloadBuilder sweep(Sweep value) {
        sweep = value;
        return this;
    }

    public WorkloadBuilder point(Sweep.Point value) {
        point = value;
        return this;
    }

    public WorkloadBuilder rollback(Rollback value) {
        rollback = value;
        return this;
    }

    public WorkloadBuilder group(String value) {
        group = value;
        return this;
    }

    /** The workload, checked as a whole ({@link InvalidConfigException} naming the field otherwise). */
    public Workload build() {
        return new Workload(name, title, queue, destinations, clients, messages, warmupMessages, payloadBytes, sizes,
                randomBytes, persistent,
                publishWindow, prefetch, ackMode, ackBatch, processing, ratePerSecond, idleTimeoutSeconds, shape,
                sweep, point, rollback, group);
    }
}
