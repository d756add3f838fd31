package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Map;

/**
 * A fault injected into the measured pass: the broker, the node leading the queue of a clustered broker, or one
 * consumer process is killed with {@code kill -9} once a fraction of the reported phase is done, or the broker is
 * paused (SIGSTOP, SIGCONT after a stated time). Written (YAML) and stored (JSON) as its {@link WorkloadFile.FaultFile}
 * form, {@code {killBrokerAt: 0.5, reconnect: true}}, {@code {killLeaderAt: 0.5}}, {@code {killConsumerAt: 0.5}},
 * {@code {pauseBrokerAt: 0.5, pauseSeconds: 10}}, {@code {pauseLeaderAt: 0.5, pauseSeconds: 10}},
 * {@code {pauseConsumerAt: 0.5, pauseSeconds: 20}},
 * {@code {partitionAt: 0.5, partitionSeconds: 10}},
 * {@code {lossAt: 0.2, lossSeconds: 10, lossPercent: 5}}, {@code {diskFullAt: 0.5, diskFullSeconds: 10}} or, for
 * request/reply, {@code {killServerAt: 0.5}}.
 */
public sealed interface Fault permits Fault.KillBroker, Fault.KillLeader, Fault.KillConsumer, Fault.KillServer,
        Fault.PauseBroker, Fault.PauseLeader, Fault.PauseConsumer, Fault.CutLink, Fault.LossyLink, Fault.FillDisk {

    /** What a fault hits. */
    enum Target {
        @JsonProperty("broker") BROKER,
        @JsonProperty("leader") LEADER,
        @JsonProperty("consumer") CONSUMER,
        @JsonProperty("server") SERVER,
        /** The link between the clients and the broker (cut, or made lossy). */
        @JsonProperty("link") LINK,
        /** The broker's disk (its data's filesystem filled). */
        @JsonProperty("disk") DISK
    }

    /**
     * Kill -9 the broker once this fraction of the reported publish phase's messages were confirmed, then restart it
     * on the same data before the drain, which reconciles every sequence number.
     *
     * @param at        in (0, 1)
     * @param reconnect the broker is restarted at once and the clients, configured with their library's own
     *                  reconnection, keep publishing through the outage; the time from the broker being ready again
     *                  to the first confirmed send is measured
     */
    record KillBroker(double at, boolean reconnect) implements Fault {
        public KillBroker {
            checkFraction(at, "fault.killBrokerAt");
        }

        @Override
        public Target target() {
            return Target.BROKER;
        }
    }

    /**
     * Kill -9 the node of a clustered broker that leads the cell's queue (RabbitMQ: the quorum queue's leader;
     * Artemis: the active server of a primary/backup pair) once this fraction of the reported publish phase's
     * messages were confirmed. The other nodes carry on: the clients, configured with their library's own failover
     * and given every node's address, move to them by themselves, and a send that fails meanwhile is sent again (a
     * resend of a message that did arrive shows as a duplicate). The killed node is started again after the phase
     * and rejoins before the drain, which reconciles every sequence number. Measured: from the kill to the first
     * confirmation after the silence it caused.
     *
     * @param at in (0, 1)
     */
    record KillLeader(double at) implements Fault {
        public KillLeader {
            checkFraction(at, "fault.killLeaderAt");
        }

        @Override
        public Target target() {
            return Target.LEADER;
        }
    }

    /**
     * Kill -9 the first of the consume phase's consumers (each in its own process) once this fraction of the
     * messages arrived; the others drain the rest, and every sequence number is reconciled (redeliveries counted).
     *
     * @param at in (0, 1)
     */
    record KillConsumer(double at) implements Fault {
        public KillConsumer {
            checkFraction(at, "fault.killConsumerAt");
        }

        @Override
        public Target target() {
            return Target.CONSUMER;
        }
    }

    /**
     * Request/reply: the server sessions run in two processes of their own (half the sessions each); kill -9 the first
     * once this fraction of the calls were answered. The other process goes on answering; a call whose request died
     * with the killed process times out and is sent again by its client ({@link Rpc.Retry}), so every call is still
     * answered, some twice (a retried call whose first answer was only late).
     *
     * @param at in (0, 1)
     */
    record KillServer(double at) implements Fault {
        public KillServer {
            checkFraction(at, "fault.killServerAt");
        }

        @Override
        public Target target() {
            return Target.SERVER;
        }
    }

    /**
     * Pause the broker once this fraction of the reported publish phase's messages were confirmed: every process of
     * it stopped (SIGSTOP; a container frozen), as by a stop-the-world collection or a stalled VM, then continued
     * (SIGCONT) after {@code pause}. Nothing is restarted and the clients are not told: they wait, time out or fail
     * by their library's own rules. The drain after the publish reconciles every sequence number. Measured: the
     * longest silence in the confirmations after the pause began, and from the continue to the confirmation that
     * ended it.
     *
     * @param at    in (0, 1)
     * @param pause how long the broker stays stopped: more than 0, at most {@link #MAX_PAUSE}
     */
    record PauseBroker(double at, java.time.Duration pause) implements Fault {
        /** The longest pause: the phase waits this long for a fault to finish before it gives up on it. */
        public static final java.time.Duration MAX_PAUSE = java.time.Duration.ofSeconds(50);

        public PauseBroker {
            checkFraction(at, "fault.pauseBrokerAt");
            checkHeld(pause, "fault.pauseSeconds");
        }

        @Override
        public Target target() {
            return Target.BROKER;
        }
    }

    /**
     * Pause the node of a clustered broker that leads the cell's queue (as {@link KillLeader} finds it) once this
     * fraction of the reported publish phase's messages were confirmed: its processes stopped (SIGSTOP), as by a
     * long collection, then continued (SIGCONT) after {@code pause}. The other nodes may take its place (a new
     * quorum-queue leader, a backup that takes over) while it stands still, and it comes back believing it leads.
     * The clients are configured with their failover, as for a leader kill, and resend a send that failed. Measured
     * as a pause; the drain reconciles every sequence number.
     *
     * @param at    in (0, 1)
     * @param pause how long the node stays stopped: more than 0, at most {@link PauseBroker#MAX_PAUSE}
     */
    record PauseLeader(double at, java.time.Duration pause) implements Fault {
        public PauseLeader {
            checkFraction(at, "fault.pauseLeaderAt");
            checkHeld(pause, "fault.pauseSeconds");
        }

        @Override
        public Target target() {
            return Target.LEADER;
        }
    }

    /**
     * Pause the first of the consume phase's consumers (each in its own process) once this fraction of the messages
     * arrived: its process stopped (SIGSTOP), as by a long collection in the application, its connection open and
     * the messages the broker had handed it (up to its prefetch) held, then continued (SIGCONT) after {@code pause}.
     * The others drain what they can meanwhile; every sequence number is reconciled. Measured: the longest silence
     * in the deliveries after it began, and from the continue to the last message arriving.
     *
     * @param at    in (0, 1)
     * @param pause how long the consumer stays stopped: more than 0, at most {@link PauseBroker#MAX_PAUSE}
     */
    record PauseConsumer(double at, java.time.Duration pause) implements Fault {
        public PauseConsumer {
            checkFraction(at, "fault.pauseConsumerAt");
            checkHeld(pause, "fault.pauseSeconds");
        }

        @Override
        public Target target() {
            return Target.CONSUMER;
        }
    }

    /**
     * Cut the link between the clients and the broker (a partition: every packet either way dropped, connections left
     * open) once this fraction of the reported publish phase's messages were confirmed, and heal it after
     * {@code cut}. Nobody is told: TCP retransmits, heartbeats go missing, clients wait, time out or fail by their
     * own rules. Measured as a pause: the longest silence after the cut, from the heal to the confirmation that ended
     * it; the drain reconciles every sequence number.
     *
     * @param at  in (0, 1)
     * @param cut how long: more than 0, at most {@link PauseBroker#MAX_PAUSE}
     */
    record CutLink(double at, java.time.Duration cut) implements Fault {
        public CutLink {
            checkFraction(at, "fault.partitionAt");
            checkHeld(cut, "fault.partitionSeconds");
        }

        @Override
        public Target target() {
            return Target.LINK;
        }
    }

    /**
     * Make the link between the clients and the broker lossy (this share of the packets either way dropped at
     * random) once this fraction of the reported publish phase's messages were confirmed, for {@code span}. Measured:
     * the confirmation rate during the loss against before it, the longest silence, and every message's fate.
     *
     * @param at          in (0, 1)
     * @param span        how long: more than 0, at most {@link PauseBroker#MAX_PAUSE}
     * @param lossPercent of the packets dropped, in (0, 100)
     */
    record LossyLink(double at, java.time.Duration span, double lossPercent) implements Fault {
        public LossyLink {
            checkFraction(at, "fault.lossAt");
            checkHeld(span, "fault.lossSeconds");
            InvalidConfigException.check(lossPercent > 0 && lossPercent < 100, "fault.lossPercent",
                    "must be between 0 and 100 (exclusive; a partition drops every packet)", lossPercent);
        }

        @Override
        public Target target() {
            return Target.LINK;
        }
    }

    /**
     * Fill the broker's disk once this fraction of the reported publish phase's messages were confirmed: its data
     * lives on a filesystem of its own ({@link #FILESYSTEM_BYTES}, made for the run), whose free space a filler file
     * takes but for {@code leftBytes}; after {@code full} the filler is deleted and the space returns. What the broker
     * does (blocks its producers, refuses, stops) is its own; a broker that stopped is started again on its data once
     * the space is back. Measured as a pause, with every message's fate after the drain.
     *
     * @param at        in (0, 1)
     * @param full      how long: more than 0, at most {@link PauseBroker#MAX_PAUSE}
     * @param leftBytes what the filler leaves free: 0, a full disk; more, a disk near full (below a broker's own
     *                  limit it blocks producers before it fails)
     */
    record FillDisk(double at, java.time.Duration full, long leftBytes) implements Fault {
        /** The size of the filesystem of its own each broker of a run with a disk fault keeps its data on. */
        public static final long FILESYSTEM_BYTES = 256L << 20;

        public FillDisk {
            checkFraction(at, "fault.diskFullAt");
            checkHeld(full, "fault.diskFullSeconds");
            InvalidConfigException.check(leftBytes >= 0 && leftBytes < FILESYSTEM_BYTES / 2,
                    "fault.diskLeftMegabytes", "must be 0 or more and less than half the filesystem ("
                            + (FILESYSTEM_BYTES >> 21) + ")", leftBytes >> 20);
        }

        @Override
        public Target target() {
            return Target.DISK;
        }
    }

    /**
     * How long a fault that holds for a stated time holds: a pause, a cut or a lossy link; empty for a kill (which
     * lasts until a restart, or for ever).
     */
    default java.util.Optional<java.time.Duration> held() {
        if (this instanceof PauseBroker p) {
            return java.util.Optional.of(p.pause());
        }
        if (this instanceof PauseLeader p) {
            return java.util.Optional.of(p.pause());
        }
        if (this instanceof PauseConsumer p) {
            return java.util.Optional.of(p.pause());
        }
        if (this instanceof CutLink c) {
            return java.util.Optional.of(c.cut());
        }
        if (this instanceof FillDisk d) {
            return java.util.Optional.of(d.full());
        }
        return this instanceof LossyLink l ? java.util.Optional.of(l.span()) : java.util.Optional.empty();
    }

    /** The fraction of the phase at which it strikes. */
    double at();

    /** The written key of {@link #at()}, e.g. {@code killLeaderAt}. */
    default String atKey() {
        return keyOf(this).at();
    }

    Target target();

    static Fault killBroker(double at) {
        return new KillBroker(at, false);
    }

    static Fault killConsumer(double at) {
        return new KillConsumer(at);
    }

    static Fault killLeader(double at) {
        return new KillLeader(at);
    }

    /**
     * Whether the clients are configured to reconnect by themselves: a broker kill that asks for it, and every leader
     * kill (the clients fail over to the other nodes).
     */
    static boolean reconnects(Fault fault) {
        return fault instanceof KillBroker k && k.reconnect() || fault != null && fault.target() == Target.LEADER;
    }

    /** Whether it strikes during the reported publish phase (a broker, a leader, the link), not during the drain. */
    default boolean duringPublish() {
        return target() != Target.CONSUMER && target() != Target.SERVER;
    }

    /** The written form, for YAML and the stored results. */
    @JsonValue
    default WorkloadFile.FaultFile file() {
        Map<String, Object> keys = new java.util.HashMap<>();
        keys.put(keyOf(this).at(), at());
        held().ifPresent(d -> keys.put(keyOf(this).held(), seconds(d)));
        if (this instanceof KillBroker k && k.reconnect()) {
            keys.put("reconnect", true);
        }
        if (this instanceof LossyLink l) {
            keys.put("lossPercent", l.lossPercent());
        }
        if (this instanceof FillDisk d && d.leftBytes() > 0) {
            keys.put("diskLeftMegabytes", (double) d.leftBytes() / (1 << 20));
        }
        return WorkloadFile.FaultFile.of(keys);
    }

    /**
     * A fault's written keys: when it strikes, and how long it holds (null for a kill).
     */
    record Keys(String at, String held) {
    }

    private static Keys keyOf(Fault fault) {
        if (fault instanceof KillBroker) {
            return new Keys("killBrokerAt", null);
        }
        if (fault instanceof KillLeader) {
            return new Keys("killLeaderAt", null);
        }
        if (fault instanceof KillConsumer) {
            return new Keys("killConsumerAt", null);
        }
        if (fault instanceof KillServer) {
            return new Keys("killServerAt", null);
        }
        if (fault instanceof PauseBroker) {
            return new Keys("pauseBrokerAt", "pauseSeconds");
        }
        if (fault instanceof PauseLeader) {
            return new Keys("pauseLeaderAt", "pauseSeconds");
        }
        if (fault instanceof PauseConsumer) {
            return new Keys("pauseConsumerAt", "pauseSeconds");
        }
        if (fault instanceof CutLink) {
            return new Keys("partitionAt", "partitionSeconds");
        }
        return fault instanceof LossyLink ? new Keys("lossAt", "lossSeconds") : new Keys("diskFullAt",
                "diskFullSeconds");
    }

    /**
     * Reads the written form: exactly one of killBrokerAt, killLeaderAt, killConsumerAt, killServerAt,
     * pauseBrokerAt, pauseLeaderAt, pauseConsumerAt, partitionAt, lossAt, diskFullAt; reconnect only with
     * killBrokerAt, each held fault's duration with (and only with) it.
     */
    @JsonCreator
    static Fault of(WorkloadFile.FaultFile file) {
        boolean reconnect = Boolean.TRUE.equals(file.reconnect());
        InvalidConfigException.check(!reconnect || file.killBrokerAt() != null, "fault.reconnect",
                "needs killBrokerAt (the clients reconnect to the restarted broker; after killLeaderAt they always"
                        + " fail over)", reconnect);
        String pauseKey = file.pauseLeaderAt() != null ? "pauseLeaderAt" : file.pauseConsumerAt() != null
                ? "pauseConsumerAt" : "pauseBrokerAt";
        pairs(file.pauseBrokerAt() != null ? file.pauseBrokerAt() : file.pauseLeaderAt() != null
                ? file.pauseLeaderAt() : file.pauseConsumerAt(), file.pauseSeconds(), pauseKey, "pauseSeconds",
                "how long it stays stopped");
        pairs(file.partitionAt(), file.partitionSeconds(), "partitionAt", "partitionSeconds",
                "how long the link stays cut");
        pairs(file.lossAt(), file.lossSeconds(), "lossAt", "lossSeconds", "how long the link stays lossy");
        pairs(file.lossAt(), file.lossPercent(), "lossAt", "lossPercent", "the share of packets dropped");
        pairs(file.diskFullAt(), file.diskFullSeconds(), "diskFullAt", "diskFullSeconds",
                "how long the disk stays full");
        InvalidConfigException.check(file.diskLeftMegabytes() == null || file.diskFullAt() != null,
                "fault.diskLeftMegabytes", "needs diskFullAt", file.diskLeftMegabytes());
        int given = (file.killBrokerAt() == null ? 0 : 1) + (file.killLeaderAt() == null ? 0 : 1)
                + (file.killConsumerAt() == null ? 0 : 1) + (file.killServerAt() == null ? 0 : 1)
                + (file.pauseBrokerAt() == null ? 0 : 1) + (file.pauseLeaderAt() == null ? 0 : 1)
                + (file.pauseConsumerAt() == null ? 0 : 1) + (file.partitionAt() == null ? 0 : 1)
                + (file.lossAt() == null ? 0 : 1) + (file.diskFullAt() == null ? 0 : 1);
        InvalidConfigException.check(given == 1, "fault", "set exactly one of killBrokerAt, killLeaderAt,"
                + " killConsumerAt, killServerAt, pauseBrokerAt, pauseLeaderAt, pauseConsumerAt, partitionAt, lossAt,"
                + " diskFullAt",
                null);
        if (file.diskFullAt() != null) {
            InvalidConfigException.check(file.diskLeftMegabytes() == null || Double.isFinite(file.diskLeftMegabytes()),
                    "fault.diskLeftMegabytes", "must be a number of megabytes", file.diskLeftMegabytes());
            return new FillDisk(file.diskFullAt(), duration(file.diskFullSeconds(), "fault.diskFullSeconds"),
                    file.diskLeftMegabytes() == null ? 0 : Math.round(file.diskLeftMegabytes() * (1 << 20)));
        }
        if (file.pauseBrokerAt() != null) {
            return new PauseBroker(file.pauseBrokerAt(), duration(file.pauseSeconds(), "fault.pauseSeconds"));
        }
        if (file.pauseLeaderAt() != null) {
            return new PauseLeader(file.pauseLeaderAt(), duration(file.pauseSeconds(), "fault.pauseSeconds"));
        }
        if (file.pauseConsumerAt() != null) {
            return new PauseConsumer(file.pauseConsumerAt(), duration(file.pauseSeconds(), "fault.pauseSeconds"));
        }
        if (file.partitionAt() != null) {
            return new CutLink(file.partitionAt(), duration(file.partitionSeconds(), "fault.partitionSeconds"));
        }
        if (file.lossAt() != null) {
            return new LossyLink(file.lossAt(), duration(file.lossSeconds(), "fault.lossSeconds"),
                    file.lossPercent());
        }
        if (file.killBrokerAt() != null) {
            return new KillBroker(file.killBrokerAt(), reconnect);
        }
        if (file.killServerAt() != null) {
            return new KillServer(file.killServerAt());
        }
        return file.killLeaderAt() != null ? new KillLeader(file.killLeaderAt())
                : new KillConsumer(file.killConsumerAt());
    }

    /** {@code detail} is set exactly when {@code at} is. */
    private static void pairs(Double at, Double detail, String atKey, String detailKey, String what) {
        InvalidConfigException.check((detail == null) == (at == null), "fault." + detailKey, detail == null
                ? "must be set with " + atKey + " (" + what + ")" : "needs " + atKey, detail);
    }

    private static java.time.Duration duration(Double seconds, String option) {
        InvalidConfigException.check(Double.isFinite(seconds) && seconds > 0, option,
                "must be more than 0 and at most " + PauseBroker.MAX_PAUSE.toSeconds(), seconds);
        return java.time.Duration.ofNanos(Math.round(seconds * 1e9));
    }

    private static void checkHeld(java.time.Duration held, String option) {
        InvalidConfigException.check(held != null && !held.isNegative() && !held.isZero()
                        && held.compareTo(PauseBroker.MAX_PAUSE) <= 0, option,
                "must be more than 0 and at most " + PauseBroker.MAX_PAUSE.toSeconds(), held == null ? null
                        : seconds(held));
    }

    private static double seconds(java.time.Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static void checkFraction(double at, String option) {
        InvalidConfigException.check(at > 0 && at < 1, option, "must be between 0 and 1 (exclusive)", at);
    }
}
