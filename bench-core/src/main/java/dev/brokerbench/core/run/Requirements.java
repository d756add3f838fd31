package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Shape;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
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
        Set<Capability> needed = EnumSet.noneOf(Capability.class);
        if (workload.persistent()) {
            needed.add(Capability.PERSISTENT);
        }
        if (workload.shape() instanceof CallCase calls) {
            needed.add(calls.phase().action() == Action.RPC ? Capability.REQUEST_REPLY : Capability.ONE_WAY);
            if (Fault.reconnects(calls.fault())) {
                needed.add(Capability.RECONNECT);
            }
            return needed;
        }
        if (workload.ackMode() == AckMode.CLIENT) {
            needed.add(Capability.CLIENT_ACK);
        }
        if (workload.ackMode() == AckMode.TRANSACTED) {
            needed.add(Capability.TRANSACTIONS);
        }
        if (workload.shape() instanceof QueueCase queue) {
            if (queue.reported().action() == Action.CONSUME) {
                // a measured drain must prefetch as defined; a drain that only empties the queue after a publish
                // case needs no particular prefetch
                needed.add(Capability.PREFETCH);
            }
            if (Fault.reconnects(queue.fault())) {
                needed.add(Capability.RECONNECT);
            }
            if (queue.selection() != null) {
                needed.add(Capability.SELECTORS);
            }
        }
        if (workload.shape() instanceof LiveCase live) {
            needed.add(Capability.PREFETCH); // live consumers prefetch as defined
            if (Fault.reconnects(live.fault())) {
                needed.add(Capability.RECONNECT);
            }
            if (live.topic() != null) {
                needed.add(Capability.TOPICS);
                if (live.topic().durable()) {
                    needed.add(Capability.DURABLE_SUBSCRIPTIONS);
                }
            }
        }
        for (Phase phase : workload.phases()) {
            if (phase.action().publishes() && phase.keepsItsMode()) {
                needed.add(capability(phase.mode()));
            }
        }
        return needed;
    }

    /** Whether the runner knows {@code shape}: a queue case, a live case or calls. */
    static boolean runnable(Shape shape) {
        return shape instanceof QueueCase || shape instanceof LiveCase || shape instanceof CallCase;
    }

    /** Why a cell of a shape the runner does not know cannot run. */
    static String noRunner(Shape shape) {
        return "a " + shape.kind() + " case has no runner in this suite (queue, live and call cases have)";
    }

    static Capability capability(PublishMode mode) {
        return switch (mode) {
            case SYNC -> Capability.SYNC_CONFIRMED_PUBLISH;
            case ASYNC -> Capability.ASYNC_WINDOWED_PUBLISH;
            case UNCONFIRMED -> Capability.UNCONFIRMED_PUBLISH;
            case TRANSACTED -> Capability.TRANSACTIONS;
        };
    }

    /** The publish modes the pair supports with broker confirmation. */
    public static Set<PublishMode> setupModes(BrokerRuntime broker, DriverFactory path) {
        Map<Capability, Support> caps = capabilities(broker, path);
        Set<PublishMode> modes = EnumSet.noneOf(PublishMode.class);
        for (PublishMode m : PublishMode.values()) {
            if (m.confirmed() && caps.getOrDefault(capability(m), Support.no("")).supported()) {
                modes.add(m);
            }
        }
        return modes;
    }

    /** What the pair supports, as the runtime offers it (an external broker offers only the protocols given). */
    public static Map<Capability, Support> capabilities(BrokerRuntime broker, DriverFactory path) {
        return capabilities(broker.broker(), broker.protocols(), path);
    }

    /**
     * What the pair supports: the path's capabilities, overridden by what the broker itself lacks over the path's
     * protocol; a broker that does not offer the protocol supports nothing.
     */
    public static Map<Capability, Support> capabilities(BrokerDescriptor broker, Collection<Protocol> offered,
                                                        DriverFactory path) {
        Map<Capability, Support> caps = new EnumMap<>(Capability.class);
        if (!offered.contains(path.protocol())) {
            Support no = Support.no(broker.displayName() + " offers no " + path.protocol() + " endpoint");
            for (Capability c : Capability.values()) {
                caps.put(c, no);
            }
            return caps;
        }
        caps.putAll(dev.brokerbench.core.spi.Capabilities.of(path));
        caps.putAll(broker.gaps(path.protocol()));
        return caps;
    }

    /** Empty if the pair can run the workload as defined; otherwise the first missing capability and why. */
    public static Optional<String> unmet(BrokerRuntime broker, DriverFactory path, Workload workload) {
        if (!broker.protocols().contains(path.protocol())) {
            return Optional.of(broker.broker().displayName() + " offers no " + path.protocol() + " endpoint");
        }
        if (!runnable(workload.shape())) {
            return Optional.of(noRunner(workload.shape()));
        }
        Fault fault = QueueCase.faultOf(workload);
        if (fault != null && broker.kind() == RuntimeKind.EXTERNAL) {
            return Optional.of("fault injection needs a broker the suite runs (--runtime local or container), not an"
                    + " external one");
        }
        if (fault != null && fault.target() == Fault.Target.LEADER && broker.nodes() < 2) {
            return Optional.of(fault.form().name().split("_")[0].toLowerCase() + " of the leader needs a"
                    + " broker of several nodes (e.g. --broker rabbitmq-cluster, artemis-ha); " + broker.broker().id()
                    + " runs one");
        }
        if (workload.shape() instanceof CallCase calls && calls.serverProcesses() > 0 && fault == null
                && broker.broker().role() == BrokerDescriptor.Role.BASELINE) {
            return Optional.of("a broker-less baseline's server already runs in a process of its own (its 'broker'),"
                    + " whose CPU is the broker column: serverProcesses applies to brokers");
        }
        if (fault != null && broker.broker().role() == BrokerDescriptor.Role.BASELINE) {
            return Optional.of("a broker-less baseline's server is the one process its clients address (its 'broker'):"
                    + " a second server process to take over would need a second address and client-side balancing,"
                    + " which the baseline's path does not do, and it keeps no data to restart on");
        }
        if (fault != null && fault.target() == Fault.Target.LINK && broker.kind() != RuntimeKind.LOCAL) {
            return Optional.of("a cut, lossy or slow link drops or holds the packets of a local broker's ports on"
                    + " loopback (iptables, a relay); a container is reached through the engine's port mapping, which"
                    + " these faults do not reach yet (--runtime local)");
        }
        if (fault != null && fault.target() == Fault.Target.LINK && broker.nodes() > 1) {
            return Optional.of("a cut, lossy or slow link is defined for a single node; " + broker.broker().id()
                    + " runs " + broker.nodes() + " nodes (partitionLeaderAt cuts the leader off from the other nodes,"
                    + " --case f17)");
        }
        if (fault instanceof Fault.FillDisk && (broker.kind() != RuntimeKind.LOCAL || broker.nodes() > 1)) {
            return Optional.of("filling the disk puts a single local broker's data on a filesystem of its own (a loop"
                    + " device); " + broker.broker().id() + " on " + broker.kind().name().toLowerCase()
                    + (broker.nodes() > 1 ? " with " + broker.nodes() + " nodes" : "") + " is not built yet"
                    + " (--runtime local, a single node)");
        }
        if (fault != null && fault.form() == Fault.Form.CUT_LEADER && broker.nodeCutUnavailable().isPresent()) {
            return Optional.of("cutting the leader off from the other nodes drops only the packets between the nodes: "
                    + broker.nodeCutUnavailable().get());
        }
        if (fault != null && fault.form() == Fault.Form.PAUSE_BROKER && broker.nodes() > 1) {
            return Optional.of("pausing the whole broker is defined for a single node; " + broker.broker().id()
                    + " runs " + broker.nodes() + " nodes (pauseLeaderAt pauses the node leading the queue, --case"
                    + " f15)");
        }
        if (fault instanceof Fault.KillBroker && broker.nodes() > 1) {
            return Optional.of("killing the whole broker is defined for a single node; " + broker.broker().id()
                    + " runs " + broker.nodes() + " nodes (a leader kill, --case f5,f6, kills one of them)");
        }
        Map<Capability, Support> caps = capabilities(broker, path);
        if (!workload.calls() && setupModes(broker, path).isEmpty()) {
            return Optional.of("no broker-confirmed publish mode on this pair");
        }
        for (Capability needed : of(workload)) {
            Support s = caps.getOrDefault(needed, Support.no("not declared by " + path.id()));
            if (s.level() == Support.Level.UNSUPPORTED) {
                return Optional.of(needed.name().toLowerCase().replace('_', ' ') + ": "
                        + s.level().name().toLowerCase().replace('_', ' ') + " (" + s.reason() + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * What the pair does not do the way the comparison defines it, though it runs (a not-equivalent capability the
     * workload needs): every such cell is reported with these, never as a plain figure.
     */
    public static List<String> caveats(BrokerRuntime broker, DriverFactory path, Workload workload) {
        Map<Capability, Support> caps = capabilities(broker, path);
        List<String> caveats = new java.util.ArrayList<>();
        for (Capability needed : of(workload)) {
            Support s = caps.get(needed);
            if (s != null && s.level() == Support.Level.NOT_EQUIVALENT) {
                caveats.add(needed.name().toLowerCase().replace('_', ' ') + " not equivalent: " + s.reason());
            }
        }
        return List.copyOf(caveats);
    }
}
