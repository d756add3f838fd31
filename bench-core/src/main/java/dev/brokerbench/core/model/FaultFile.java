package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Fault} as written in YAML and stored in JSON: one {@link Fault.Form}'s keys set, the rest null; reading it
 * ({@link #toFault()}) says which keys go together.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultFile(Double killBrokerAt, Double killLeaderAt, Double killConsumerAt, Double killServerAt,
                        Boolean reconnect, Double pauseBrokerAt, Double pauseLeaderAt, Double pauseConsumerAt,
                        Double pauseSeconds, Double partitionAt, Double partitionLeaderAt, Double partitionSeconds,
                        Double lossAt, Double lossSeconds, Double delayAt, Double delaySeconds, Double delayMillis,
                        Double jitterMillis, Double lossPercent, Double diskFullAt, Double diskFullSeconds,
                        Double diskLeftMegabytes) {
    private static final ObjectMapper KEYS = new ObjectMapper();

    /** No key set. */
    public static final FaultFile NONE = of(Map.of());

    /**
     * The form with these keys set, each named as written ({@code Map.of("pauseBrokerAt", 0.5, "pauseSeconds", 10)});
     * an unknown key is an error.
     */
    public static FaultFile of(Map<String, ?> keys) {
        return KEYS.convertValue(keys, FaultFile.class);
    }

    /** {@code fault}'s written form. */
    public static FaultFile of(Fault fault) {
        Map<String, Object> keys = new HashMap<>();
        keys.put(fault.form().at(), fault.at());
        fault.held().ifPresent(d -> keys.put(fault.form().held(), Fault.seconds(d)));
        if (fault instanceof Fault.KillBroker k && k.reconnect()) {
            keys.put("reconnect", true);
        }
        if (fault instanceof Fault.LossyLink l) {
            keys.put("lossPercent", l.lossPercent());
        }
        if (fault instanceof Fault.SlowLink s) {
            keys.put("delayMillis", s.delay().toNanos() / 1e6);
            if (!s.jitter().isZero()) {
                keys.put("jitterMillis", s.jitter().toNanos() / 1e6);
            }
        }
        if (fault instanceof Fault.FillDisk d && d.leftBytes() > 0) {
            keys.put("diskLeftMegabytes", (double) d.leftBytes() / (1 << 20));
        }
        return of(keys);
    }

    /** The keys set, each with its value. */
    public Map<String, Object> keys() {
        return KEYS.convertValue(this, new TypeReference<Map<String, Object>>() {
        });
    }

    /**
     * The fault it states: exactly one form's {@code at} key; its held key with (and only with) it; reconnect only
     * with killBrokerAt, lossPercent with lossAt, delayMillis with delayAt, jitterMillis only with delayAt,
     * diskLeftMegabytes only with diskFullAt.
     */
    public Fault toFault() {
        Map<String, Object> keys = keys();
        boolean reconnects = Boolean.TRUE.equals(reconnect);
        InvalidConfigException.check(!reconnects || killBrokerAt != null, "fault.reconnect",
                "needs killBrokerAt (the clients reconnect to the restarted broker; after killLeaderAt they always"
                        + " fail over)", reconnects);
        List<Fault.Form> given = Arrays.stream(Fault.Form.values()).filter(f -> keys.containsKey(f.at())).toList();
        for (Fault.Form f : Fault.Form.values()) { // a held key is set exactly when a form using it is given
            if (f.held() != null && given.stream().noneMatch(g -> f.held().equals(g.held()))) {
                InvalidConfigException.check(!keys.containsKey(f.held()), "fault." + f.held(), "needs " + f.at(),
                        keys.get(f.held()));
            }
        }
        for (Fault.Form g : given) {
            InvalidConfigException.check(g.held() == null || keys.containsKey(g.held()), "fault." + g.held(),
                    "must be set with " + g.at() + " (" + g.heldMeans + ")", null);
        }
        boolean lossy = given.contains(Fault.Form.LOSSY_LINK);
        InvalidConfigException.check(lossy == (lossPercent != null), "fault.lossPercent", lossy
                ? "must be set with lossAt (the share of packets dropped)" : "needs lossAt", lossPercent);
        boolean slow = given.contains(Fault.Form.SLOW_LINK);
        InvalidConfigException.check(slow == (delayMillis != null), "fault.delayMillis", slow
                ? "must be set with delayAt (how long each chunk is held each way)" : "needs delayAt", delayMillis);
        InvalidConfigException.check(jitterMillis == null || slow, "fault.jitterMillis", "needs delayAt",
                jitterMillis);
        InvalidConfigException.check(diskLeftMegabytes == null || given.contains(Fault.Form.FILL_DISK),
                "fault.diskLeftMegabytes", "needs diskFullAt", diskLeftMegabytes);
        InvalidConfigException.check(given.size() == 1, "fault", "set exactly one of " + Fault.Form.list(), null);
        Fault.Form form = given.get(0);
        double at = ((Number) keys.get(form.at())).doubleValue();
        Duration held = form.held() == null ? null : seconds(((Number) keys.get(form.held())).doubleValue(),
                "fault." + form.held());
        return switch (form) {
            case KILL_BROKER -> new Fault.KillBroker(at, reconnects);
            case KILL_LEADER -> new Fault.KillLeader(at);
            case KILL_CONSUMER -> new Fault.KillConsumer(at);
            case KILL_SERVER -> new Fault.KillServer(at);
            case PAUSE_BROKER, PAUSE_LEADER, PAUSE_CONSUMER -> new Fault.Pause(form.target(), at, held);
            case CUT_LINK, CUT_LEADER -> new Fault.Cut(form.target(), at, held);
            case LOSSY_LINK -> new Fault.LossyLink(at, held, lossPercent);
            case SLOW_LINK -> new Fault.SlowLink(at, held, millis(delayMillis, "fault.delayMillis"),
                    jitterMillis == null ? Duration.ZERO : millis(jitterMillis, "fault.jitterMillis"));
            case FILL_DISK -> {
                InvalidConfigException.check(diskLeftMegabytes == null || Double.isFinite(diskLeftMegabytes),
                        "fault.diskLeftMegabytes", "must be a number of megabytes", diskLeftMegabytes);
                yield new Fault.FillDisk(at, held, diskLeftMegabytes == null ? 0
                        : Math.round(diskLeftMegabytes * (1 << 20)));
            }
        };
    }

    private static Duration millis(double millis, String option) {
        InvalidConfigException.check(Double.isFinite(millis) && millis >= 0 && millis <= 10_000, option,
                "must be a number of milliseconds, 0 to 10000", millis);
        return Duration.ofNanos(Math.round(millis * 1e6));
    }

    private static Duration seconds(double seconds, String option) {
        InvalidConfigException.check(Double.isFinite(seconds) && seconds > 0, option,
                "must be more than 0 and at most " + Fault.MAX_HELD.toSeconds(), seconds);
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
