package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Which capabilities a workload needs, and whether a broker x client path pair has them. */
public final class Requirements {
    private Requirements() {
    }

    /**
     * Capabilities the reported figure depends on. A publish phase that only sets up the queue (not reported) needs
     * some broker-confirmed publish mode, checked separately by {@link #setupModes}.
     */
    public static Set<Capability> of(Workload workload) {
        if (workload.calls()) {
            Set<Capability> needed = EnumSet.of(workload.reportedPhase().action() == Action.RPC
                    ? Capability.REQUEST_REPLY : Capability.ONE_WAY);
            if (workload.persistent()) {
                needed.add(Capability.PERSISTENT);
            }
            return needed;
        }
        Set<Capability> needed = EnumSet.of(Capability.PREFETCH);
        if (workload.persistent()) {
            needed.add(Capability.PERSISTENT);
        }
        if (workload.ackMode() == AckMode.CLIENT || workload.ackMode() == AckMode.TRANSACTED) {
            needed.add(Capability.CLIENT_ACK);
        }
        if (workload.fault() != null && workload.fault().reconnect()) {
            needed.add(Capability.RECONNECT);
        }
        for (Phase phase : workload.phases()) {
            if (phase.action() == Action.PUBLISH && phase.reported()) {
                needed.add(capability(phase.mode()));
            }
        }
        return needed;
    }

    static Capability capability(PublishMode mode) {
        return mode == PublishMode.SYNC ? Capability.SYNC_CONFIRMED_PUBLISH : Capability.ASYNC_WINDOWED_PUBLISH;
    }

    /** The publish modes the pair supports with broker confirmation. */
    public static Set<PublishMode> setupModes(BrokerRuntime broker, DriverFactory path) {
        Map<Capability, Support> caps = capabilities(broker, path);
        Set<PublishMode> modes = EnumSet.noneOf(PublishMode.class);
        for (PublishMode m : PublishMode.values()) {
            if (caps.getOrDefault(capability(m), Support.no("")).supported()) {
                modes.add(m);
            }
        }
        return modes;
    }

    /** What the pair supports; a broker without the path's protocol supports nothing. */
    public static Map<Capability, Support> capabilities(BrokerRuntime broker, DriverFactory path) {
        if (!broker.protocols().contains(path.protocol())) {
            Support no = Support.no(broker.displayName() + " offers no " + path.protocol() + " endpoint");
            Map<Capability, Support> none = new java.util.EnumMap<>(Capability.class);
            for (Capability c : Capability.values()) {
                none.put(c, no);
            }
            return none;
        }
        return path.capabilities(broker.brokerId());
    }

    /** Empty if the pair can run the workload as defined; otherwise the first missing capability and why. */
    public static Optional<String> unmet(BrokerRuntime broker, DriverFactory path, Workload workload) {
        if (!broker.protocols().contains(path.protocol())) {
            return Optional.of(broker.displayName() + " offers no " + path.protocol() + " endpoint");
        }
        if (workload.fault() != null && "external".equals(broker.runtime())) {
            return Optional.of("fault injection needs a broker the suite runs (--runtime local or container), not an"
                    + " external one");
        }
        Map<Capability, Support> caps = capabilities(broker, path);
        if (!workload.calls() && setupModes(broker, path).isEmpty()) {
            return Optional.of("no broker-confirmed publish mode on this pair");
        }
        for (Capability needed : of(workload)) {
            Support s = caps.getOrDefault(needed, Support.no("not declared by " + path.id()));
            if (!s.supported()) {
                return Optional.of(needed.name().toLowerCase().replace('_', ' ') + ": "
                        + s.level().name().toLowerCase().replace('_', ' ') + " (" + s.reason() + ")");
            }
        }
        return Optional.empty();
    }
}
