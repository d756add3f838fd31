package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;

/**
 * The YAML form of a workload: every key optional except name, title and phases; unknown keys are rejected by
 * the loader. {@link #toWorkload} applies the defaults (the parity settings of the published comparison) and
 * validates. The {@code --case} group is not a key: it is the folder the file sits in.
 */
public record WorkloadFile(String name, String title, String queue, Integer clients, Long messages,
                           Long warmupMessages, Integer payloadBytes, String sizes, Double randomBytesRatio,
                           Boolean persistent,
                           Integer publishWindow, Integer prefetch, String ack, Integer ackBatch, String processing,
                           Double ratePerSecond,
                           Integer idleTimeoutSeconds, List<PhaseFile> phases, FaultFile fault, Integer servers,
                           Integer rpcWindow, Long callTimeoutMillis, Integer retries, Integer serverProcesses,
                           SweepFile sweep, SearchFile search, TopicFile topic,
                           Integer matchingPercent, Integer rollbackEvery, List<StepFile> schedule,
                           BacklogFile backlog, DestinationsFile destinations) {

    /**
     * A sweep as written in YAML.
     *
     * @param variable payloadBytes, clients or messages
     * @param values   e.g. {@code "1,32..4096/32"}: values and from..to/step ranges, in order
     */
    public record SweepFile(String variable, String values) {
        Sweep toSweep() {
            InvalidConfigException.check(values != null, "sweep.values", "must be set, e.g. \"1,32..4096/32\"", null);
            return new Sweep(Sweep.Variable.parse(variable, "sweep.variable"),
                    Sweep.parseValues(values, "sweep.values"));
        }
    }

    /**
     * A latency curve's rate search as written in YAML; a missing key takes its default. A curve needs no
     * {@code messages}: each step and point publishes its rate times its length.
     *
     * @param startRate    first step's offered rate, msg/s of all publishers (default 1000)
     * @param stepSeconds  length of each step at scale 1 (default 5)
     * @param pointSeconds length of each point of the curve at scale 1 (default 20)
     */
    public record SearchFile(Double startRate, Double stepSeconds, Double pointSeconds) {
        RateSearch toSearch() {
            return new RateSearch(or(startRate, 1000.0), or(stepSeconds, 5.0), or(pointSeconds, 20.0));
        }
    }

    /**
     * A topic as written in YAML: the live phase's publishers send to it and each subscriber has a subscription of
     * its own.
     *
     * @param subscribers subscriptions, each with its own client (default 1)
     * @param durable     durable subscriptions (default false)
     */
    public record TopicFile(Integer subscribers, Boolean durable) {
        Topic toTopic() {
            return new Topic(or(subscribers, 1), or(durable, false));
        }
    }

    /**
     * One step of a rate schedule as written in YAML: {@code {rate: 5000, seconds: 60}}, or a ramp
     * {@code {from: 1000, to: 5000, seconds: 30}}; rates in messages per second of all publishers together.
     */
    public record StepFile(Double rate, Double from, Double to, Double seconds) {
        RateSchedule.Step toStep(int index) {
            String field = RateSchedule.FIELD + "[" + index + "]";
            InvalidConfigException.check(rate != null ? from == null && to == null : from != null && to != null,
                    field, "must give a rate (a step) or from and to (a ramp)", this);
            InvalidConfigException.check(seconds != null, field + ".seconds", "must be set", null);
            return rate != null ? new RateSchedule.Step(rate, rate, seconds) : new RateSchedule.Step(from, to, seconds);
        }
    }

    /**
     * Many queues as written in YAML: {@code {queues: 100}} (one consumer each) or {@code {queues: 10,
     * consumersPerQueue: 2}}.
     */
    public record DestinationsFile(Integer queues, Integer consumersPerQueue) {
        Destinations toDestinations() {
            InvalidConfigException.check(queues != null, Destinations.FIELD + ".queues", "must be set", null);
            return new Destinations(queues, consumersPerQueue == null ? 1 : consumersPerQueue);
        }
    }

    /**
     * A backlog as written in YAML: its depth in messages ({@code {messages: 100000}}) or in megabytes of bodies
     * ({@code {megabytes: 500}}: 10^6 bytes each, over the case's body size, or its size mix's mean).
     */
    public record BacklogFile(Long messages, Double megabytes) {
        Backlog toBacklog(int payloadBytes) {
            InvalidConfigException.check(messages == null ^ megabytes == null, Backlog.FIELD,
                    "must give its depth in messages or in megabytes, one of them", this);
            if (messages != null) {
                return new Backlog(messages);
            }
            InvalidConfigException.check(payloadBytes > 0, Backlog.FIELD + ".megabytes",
                    "needs bodies of at least one byte (payloadBytes or sizes)", payloadBytes);
            InvalidConfigException.check(megabytes > 0 && megabytes <= 1e6, Backlog.FIELD + ".megabytes",
                    "must be above 0 and at most 1000000", megabytes);
            return new Backlog(Math.round(megabytes * 1e6 / payloadBytes));
        }
    }

    public static final int DEFAULT_CLIENTS = Workload.PARITY_CLIENTS;

    /** One phase as written in YAML. */
    public record PhaseFile(String name, String action, String mode, Boolean reported) {
        @JsonCreator
        public PhaseFile(@JsonProperty("name") String name, @JsonProperty(value = "action", required = true) String action,
                         @JsonProperty("mode") String mode, @JsonProperty("reported") Boolean reported) {
            this.name = name;
            this.action = action;
            this.mode = mode;
            this.reported = reported;
        }

        Phase toPhase(int index) {
            Action a = parse(Action.class, action, "phases[" + index + "].action");
            PublishMode m = mode == null ? null : parse(PublishMode.class, mode, "phases[" + index + "].mode");
            String label = name != null ? Names.check("phases[" + index + "].name", name)
                    : a.name().toLowerCase(Locale.ROOT);
            return new Phase(label, a, m, reported != null && reported);
        }
    }

    /** The workload this file describes, in {@code group} (the folder it sits in). */
    public Workload toWorkload(String group, java.nio.file.Path base) {
        InvalidConfigException.check(phases != null, "phases", "must be set", null);
        Names.check("name", name);
        List<Phase> parsed = new java.util.ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            InvalidConfigException.check(phases.get(i) != null, "phases[" + i + "]", "must be a phase", "nothing");
            parsed.add(phases.get(i).toPhase(i));
        }
        boolean calls = parsed.stream().anyMatch(p -> p.action() == Action.RPC || p.action() == Action.ONEWAY);
        Fault f = fault == null ? null : Fault.of(fault);
        Rpc.Retry retry = callTimeoutMillis == null && retries == null ? null
                : new Rpc.Retry(or(callTimeoutMillis, or(idleTimeoutSeconds, 15) * 1000L), or(retries, 0));
        Rpc rpc = calls || servers != null || rpcWindow != null || retry != null || serverProcesses != null
                ? new Rpc(or(servers, Rpc.DEFAULT_SERVERS), or(rpcWindow, 1), retry, or(serverProcesses, 0)) : null;
        RateSchedule rates = schedule == null ? null : schedule(schedule);
        SizeMix mix = sizes == null ? null : base == null ? SizeMix.parse(sizes) : SizeMix.read(sizes, base);
        int bodyBytes = mix != null ? mix.nominalBytes() : or(payloadBytes, 0);
        Shape shape = Shape.of(parsed, f, rpc, search == null ? null : search.toSearch(),
                topic == null ? null : topic.toTopic(),
                matchingPercent == null || matchingPercent == 100 ? null : new Selection(matchingPercent), rates,
                backlog == null ? null : backlog.toBacklog(bodyBytes));
        InvalidConfigException.check(rates == null || messages == null, "messages", "must not be set beside a"
                + " schedule (its steps' rates times their lengths: " + (rates == null ? 0 : rates.messages()) + ")",
                messages);
        int clientCount = or(clients, DEFAULT_CLIENTS);
        InvalidConfigException.check(mix == null || payloadBytes == null, "payloadBytes",
                "must not be set beside sizes (a case with a size mix records the mix's mean as its payloadBytes)",
                payloadBytes);
        return new Workload(name, title, queue != null ? queue : "bench." + name,
                destinations == null ? null : destinations.toDestinations(), clientCount,
                or(messages, search != null ? (long) clientCount : rates != null ? rates.messages() : 0L),
                or(warmupMessages, 0L),
                bodyBytes, mix, RandomBytes.of(randomBytesRatio), or(persistent, true),
                or(publishWindow, Workload.PARITY_PUBLISH_WINDOW), or(prefetch, Workload.PARITY_PREFETCH),
                ack == null ? AckMode.AUTO : parse(AckMode.class, ack, "ack"), or(ackBatch, 1),
                processing == null ? Processing.NONE : Processing.parse(processing), or(ratePerSecond, 0.0), or(idleTimeoutSeconds, 15), shape,
                sweep == null ? null : sweep.toSweep(), null, rollbackEvery == null ? null : new Rollback(rollbackEvery),
                group)
                .validated();
    }

    private static RateSchedule schedule(List<StepFile> steps) {
        List<RateSchedule.Step> parsed = new java.util.ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            InvalidConfigException.check(steps.get(i) != null, RateSchedule.FIELD + "[" + i + "]", "must be a step",
                    "nothing");
            parsed.add(steps.get(i).toStep(i));
        }
        return new RateSchedule(parsed);
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }

    static <E extends Enum<E>> E parse(Class<E> type, String value, String field) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value)) {
                return e;
            }
        }
        List<String> allowed = java.util.Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
        throw new InvalidConfigException("field '" + field + "' must be one of " + String.join(", ", allowed)
                + ", got " + value);
    }
}
