package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * A fault injected into the measured pass: the broker, the node leading the queue of a clustered broker, or one
 * consumer process is killed with {@code kill -9} once a fraction of the reported phase is done, paused (SIGSTOP,
 * SIGCONT after a stated time), cut off, or its link made lossy or its disk full for a stated time. Written (YAML) and
 * stored (JSON) as its {@link FaultFile} form, one {@link Form} each: {@code {killBrokerAt: 0.5,
 * reconnect: true}}, {@code {pauseLeaderAt: 0.5, pauseSeconds: 10}}, {@code {partitionLeaderAt: 0.5,
 * partitionSeconds: 20}}, {@code {lossAt: 0.2, lossSeconds: 10, lossPercent: 5}}, {@code {diskFullAt: 0.5,
 * diskFullSeconds: 10}} and the rest of {@link Form}.
 */
public sealed interface Fault permits Fault.KillBroker, Fault.KillLeader, Fault.KillConsumer, Fault.KillServer,
        Fault.Pause, Fault.Cut, Fault.LossyLink, Fault.SlowLink, Fault.FillDisk {

    /** The longest held fault: the phase waits this long for a fault to finish before it gives up on it. */
    Duration MAX_HELD = Duration.ofSeconds(50);

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
     * A fault's written form: the key saying when it strikes, the key saying how long it holds (null for a kill, which
     * lasts until a restart) and what that key means, and what it hits.
     */
    enum Form {
        KILL_BROKER("killBrokerAt", null, null, Target.BROKER),
        KILL_LEADER("killLeaderAt", null, null, Target.LEADER),
        KILL_CONSUMER("killConsumerAt", null, null, Target.CONSUMER),
        KILL_SERVER("killServerAt", null, null, Target.SERVER),
        PAUSE_BROKER("pauseBrokerAt", "pauseSeconds", "how long it stays stopped", Target.BROKER),
        PAUSE_LEADER("pauseLeaderAt", "pauseSeconds", "how long it stays stopped", Target.LEADER),
        PAUSE_CONSUMER("pauseConsumerAt", "pauseSeconds", "how long it stays stopped", Target.CONSUMER),
        CUT_LINK("partitionAt", "partitionSeconds", "how long the link stays cut", Target.LINK),
        CUT_LEADER("partitionLeaderAt", "partitionSeconds", "how long the leader stays cut off", Target.LEADER),
        LOSSY_LINK("lossAt", "lossSeconds", "how long the link stays lossy", Target.LINK),
        SLOW_LINK("delayAt", "delaySeconds", "how long the link stays slow", Target.LINK),
        FILL_DISK("diskFullAt", "diskFullSeconds", "how long the disk stays full", Target.DISK);

        private final String at;
        private final String held;
        final String heldMeans;
        private final Target target;

        Form(String at, String held, String heldMeans, Target target) {
            this.at = at;
            this.held = held;
            this.heldMeans = heldMeans;
            this.target = target;
        }

        /** The key of when it strikes, e.g. {@code killLeaderAt}. */
        public String at() {
            return at;
        }

        /** The key of how long it holds, e.g. {@code pauseSeconds}; null for a kill. */
        public String held() {
            return held;
        }

        public Target target() {
            return target;
        }

        /** The form named {@code VERB_TARGET}, e.g. {@code of("PAUSE", LEADER)}; the target named if there is none. */
        static Form of(String verb, Target target) {
            return Arrays.stream(values()).filter(f -> f.name().equals(verb + "_" + target.name())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(verb.toLowerCase() + " cannot hit " + target));
        }

        static String list() {
            return String.join(", ", Arrays.stream(values()).map(Form::at).toList());
        }
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
            checkFraction(at, Form.KILL_BROKER);
        }

        @Override
        public Form form() {
            return Form.KILL_BROKER;
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
            checkFraction(at, Form.KILL_LEADER);
        }

        @Override
        public Form form() {
            return Form.KILL_LEADER;
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
            checkFraction(at, Form.KILL_CONSUMER);
        }

        @Override
        public Form form() {
            return Form.KILL_CONSUMER;
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
            checkFraction(at, Form.KILL_SERVER);
        }

        @Override
        public Form form() {
            return Form.KILL_SERVER;
        }
    }

    /**
     * Pause, once this fraction of the reported phase is done, every process of the broker (a container frozen), the
     * node of a clustered broker leading the cell's queue (as {@link KillLeader} finds it), or the first of the
     * consume phase's consumers: stopped with SIGSTOP, as by a stop-the-world collection or a stalled VM, its sockets
     * open, then continued (SIGCONT) after {@code pause}. Nothing is restarted and nobody is told: clients wait, time
     * out, fail over (to the other nodes, which may elect a new leader meanwhile) or fail by their library's own rules;
     * a paused consumer holds what the broker had handed it. The drain reconciles every sequence number. Measured: the
     * longest silence in the confirmations (deliveries) after the pause began, and from the continue to the
     * confirmation that ended it (the last message).
     *
     * @param target BROKER, LEADER or CONSUMER
     * @param at     in (0, 1)
     * @param pause  how long it stays stopped: more than 0, at most {@link #MAX_HELD}
     */
    record Pause(Target target, double at, Duration pause) implements Fault {
        public Pause {
            Form form = Form.of("PAUSE", target);
            checkFraction(at, form);
            checkHeld(pause, form);
        }

        @Override
        public Form form() {
            return Form.of("PAUSE", target);
        }

        @Override
        public Optional<Duration> held() {
            return Optional.of(pause);
        }
    }

    /**
     * A partition, once this fraction of the reported publish phase's messages were confirmed, healed after
     * {@code cut}: every packet either way dropped, connections left open, nobody told (TCP retransmits, heartbeats go
     * missing). LINK cuts the clients from the broker; LEADER cuts the node of a clustered broker leading the cell's
     * queue from the other nodes (the leader alone a minority, its followers a majority that may elect a new leader),
     * every client link left whole, so clients on the leader's node wait while those on the others may go on.
     * Measured as a pause: the longest silence after the cut, from the heal to the confirmation that ended it; the
     * drain reconciles every sequence number.
     *
     * @param target LINK or LEADER
     * @param at     in (0, 1)
     * @param cut    how long: more than 0, at most {@link #MAX_HELD}
     */
    record Cut(Target target, double at, Duration cut) implements Fault {
        public Cut {
            Form form = Form.of("CUT", target);
            checkFraction(at, form);
            checkHeld(cut, form);
        }

        @Override
        public Form form() {
            return Form.of("CUT", target);
        }

        @Override
        public Optional<Duration> held() {
            return Optional.of(cut);
        }
    }

    /**
     * Make the link between the clients and the broker lossy (this share of the packets either way dropped at
     * random) once this fraction of the reported publish phase's messages were confirmed, for {@code span}. Measured:
     * the confirmation rate during the loss against before it, the longest silence, and every message's fate.
     *
     * @param at          in (0, 1)
     * @param span        how long: more than 0, at most {@link #MAX_HELD}
     * @param lossPercent of the packets dropped, in (0, 100)
     */
    record LossyLink(double at, Duration span, double lossPercent) implements Fault {
        public LossyLink {
            checkFraction(at, Form.LOSSY_LINK);
            checkHeld(span, Form.LOSSY_LINK);
            InvalidConfigException.check(lossPercent > 0 && lossPercent < 100, "fault.lossPercent",
                    "must be between 0 and 100 (exclusive; a partition drops every packet)", lossPercent);
        }

        @Override
        public Form form() {
            return Form.LOSSY_LINK;
        }

        @Override
        public Optional<Duration> held() {
            return Optional.of(span);
        }
    }

    /**
     * Slow the link between the clients and the broker once this fraction of the reported publish phase's messages
     * were confirmed, for {@code span}: every chunk of bytes either way held {@code delay} plus up to {@code jitter}
     * (uniformly at random, a stream's order kept) by a relay the cell's clients reach the broker through (at no delay
     * before and after). Measured: the confirmation rate during it against before it, the longest silence, and every
     * message's fate; the latencies of the phase hold it.
     *
     * @param at     in (0, 1)
     * @param span   how long: more than 0, at most {@link #MAX_HELD}
     * @param delay  each way: more than 0, at most 10 s
     * @param jitter added at random each way: 0 or more, at most 10 s
     */
    record SlowLink(double at, Duration span, Duration delay, Duration jitter) implements Fault {
        private static final Duration MAX_DELAY = Duration.ofSeconds(10);

        public SlowLink {
            checkFraction(at, Form.SLOW_LINK);
            checkHeld(span, Form.SLOW_LINK);
            InvalidConfigException.check(delay != null && delay.compareTo(Duration.ZERO) > 0
                    && delay.compareTo(MAX_DELAY) <= 0, "fault.delayMillis", "must be more than 0 and at most 10000",
                    delay == null ? null : delay.toMillis());
            InvalidConfigException.check(jitter != null && !jitter.isNegative() && jitter.compareTo(MAX_DELAY) <= 0,
                    "fault.jitterMillis", "must be 0 or more and at most 10000", jitter == null ? null
                            : jitter.toMillis());
        }

        @Override
        public Form form() {
            return Form.SLOW_LINK;
        }

        @Override
        public Optional<Duration> held() {
            return Optional.of(span);
        }
    }

    /**
     * Fill the broker's disk once this fraction of the reported publish phase's messages were confirmed: its data
     * lives on a filesystem of its own ({@link #FILESYSTEM_BYTES}, made for the run), whose free space a filler file
     * takes but for {@code leftBytes}; after {@code full} the filler is deleted and the space returns. What the broker
     * does (blocks its producers, refuses, stops) is its own; once the space is back it is started again on its data
     * before the drain, stopped or not. Measured as a pause, with every message's fate after the drain.
     *
     * @param at        in (0, 1)
     * @param full      how long: more than 0, at most {@link #MAX_HELD}
     * @param leftBytes what the filler leaves free: 0, a full disk; more, a disk near full (below a broker's own
     *                  limit it blocks producers before it fails)
     */
    record FillDisk(double at, Duration full, long leftBytes) implements Fault {
        /** The size of the filesystem of its own each broker of a run with a disk fault keeps its data on. */
        public static final long FILESYSTEM_BYTES = 256L << 20;

        public FillDisk {
            checkFraction(at, Form.FILL_DISK);
            checkHeld(full, Form.FILL_DISK);
            InvalidConfigException.check(leftBytes >= 0 && leftBytes < FILESYSTEM_BYTES / 2,
                    "fault.diskLeftMegabytes", "must be 0 or more and less than half the filesystem ("
                            + (FILESYSTEM_BYTES >> 21) + ")", leftBytes >> 20);
        }

        @Override
        public Form form() {
            return Form.FILL_DISK;
        }

        @Override
        public Optional<Duration> held() {
            return Optional.of(full);
        }
    }

    /** Its written form, which says what it hits. */
    Form form();

    /** What it hits. */
    default Target target() {
        return form().target();
    }

    /**
     * How long a fault that holds for a stated time holds: a pause, a cut or lossy link, a full disk; empty for a kill
     * (which lasts until a restart, or for ever).
     */
    default Optional<Duration> held() {
        return Optional.empty();
    }

    /** The fraction of the phase at which it strikes. */
    double at();

    /** The written key of {@link #at()}, e.g. {@code killLeaderAt}. */
    default String atKey() {
        return form().at();
    }

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
     * Whether the clients are configured to reconnect by themselves: a broker kill that asks for it, and every fault
     * on a leader (the clients fail over to the other nodes).
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
    default FaultFile file() {
        return FaultFile.of(this);
    }

    /** Reads the written form ({@link FaultFile#toFault()} says which keys go together). */
    @JsonCreator
    static Fault of(FaultFile file) {
        return file.toFault();
    }

    private static void checkHeld(Duration held, Form form) {
        InvalidConfigException.check(held != null && !held.isNegative() && !held.isZero()
                        && held.compareTo(MAX_HELD) <= 0, "fault." + form.held,
                "must be more than 0 and at most " + MAX_HELD.toSeconds(), held == null ? null : seconds(held));
    }

    static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static void checkFraction(double at, Form form) {
        InvalidConfigException.check(at > 0 && at < 1, "fault." + form.at, "must be between 0 and 1 (exclusive)", at);
    }
}
