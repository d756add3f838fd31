package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.EnvironmentInfo;
import dev.brokerbench.core.result.Repeat;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.SustainedRate;
import dev.brokerbench.core.run.remote.ClientProcesses;
import dev.brokerbench.core.spi.DriverFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Brokers x client paths x workloads x repeats. Every available broker is started first; then every supported
 * (broker, path, workload) cell runs {@link Schedule#repeats()} times, the cells of all brokers interleaved in the
 * schedule's shuffled order, each run on a queue of its own; then the work done while the brokers still run (JMH)
 * and the brokers are stopped and their data removed.
 */
public final class MatrixRunner {
    private final BrokerEnvironment environment;
    private final RunListener listener;
    private final String runId;
    private final double scale;
    private final RateWindow window;
    private PassPlan plan = PassPlan.DEFAULT;
    /** This process as one shard of a run; null when it runs every client. */
    private ShardRun sharding;
    /** Each latency curve's search, by broker, path and curve: its points share it, repeats included. */
    private final Map<String, SustainedRate> searches = new HashMap<>();
    /** How long a living broker may leave its port unanswered, during or between cells, before it is restarted. */
    private java.time.Duration watchLimit = BrokerWatch.LIMIT;
    /** Brokers restarted because they stopped: what each later cell of theirs says. */
    private final BrokerRestarts restarts;

    public MatrixRunner(BrokerEnvironment environment, RunListener listener, String runId, double scale) {
        this(environment, listener, runId, scale, RateWindow.DEFAULT);
    }

    /** @param window how every phase's rate windows are cut */
    public MatrixRunner(BrokerEnvironment environment, RunListener listener, String runId, double scale,
                        RateWindow window) {
        this.environment = environment;
        this.listener = listener;
        this.runId = runId;
        this.scale = scale;
        this.window = window;
        this.restarts = new BrokerRestarts(listener);
    }

    /**
     * This runner as one shard of a run: every cell's queue named by the run's group (the same in every shard), its
     * phases run in step with the other shards, each cell reported as the shard's record of it, for the merge.
     */
    public MatrixRunner sharded(ShardRun run) {
        this.sharding = run;
        return this;
    }

    /**
     * This runner giving a living broker {@code limit} to answer, during and between cells (default
     * {@link BrokerWatch#LIMIT}).
     */
    public MatrixRunner watched(java.time.Duration limit) {
        this.watchLimit = limit;
        return this;
    }

    /** This runner sizing every cell's passes by {@code plan} (default {@link PassPlan#DEFAULT}). */
    public MatrixRunner planned(PassPlan plan) {
        this.plan = plan;
        return this;
    }

    /**
     * One broker and the paths and workloads to run on it.
     *
     * @param runtime   how to start the broker
     * @param paths     client paths to drive it with
     * @param workloads workloads at scale 1 (the runner scales them)
     */
    public record Entry(BrokerRuntime runtime, List<DriverFactory> paths, List<Workload> workloads) {
    }

    /** Work done against a broker after its cells and before it stops (e.g. JMH against the same process). */
    @FunctionalInterface
    public interface WhileRunning {
        WhileRunning NOTHING = (runtime, broker, paths) -> {
        };

        void run(BrokerRuntime runtime, BrokerInstance broker, List<DriverFactory> paths) throws Exception;
    }

    /** A broker that started, with what to run on it. */
    private record Started(Entry entry, BrokerInstance instance) {
    }

    /** One cell: a workload (scaled) through a path on a started broker. */
    private record Cell(Started broker, DriverFactory path, Workload workload) {
    }

    public void run(List<Entry> entries) throws InterruptedException {
        run(entries, WhileRunning.NOTHING, new Schedule(1, 0));
    }

    public void run(List<Entry> entries, WhileRunning whileRunning, Schedule schedule) throws InterruptedException {
        EnvironmentInfo env = EnvironmentInfo.current();
        List<Started> started = new ArrayList<>();
        try {
            for (Entry entry : entries) {
                start(entry).ifPresent(started::add);
            }
            List<Cell> cells = new ArrayList<>();
            for (Started broker : started) {
                for (DriverFactory path : broker.entry().paths()) {
                    for (Workload workload : broker.entry().workloads()) {
                        for (Workload point : workload.points()) {
                            Workload cell = point.scaled(scale);
                            Optional<String> unmet = Requirements.unmet(broker.entry().runtime(), path, cell)
                                    .or(() -> linkFaultUnmet(cell));
                            if (unmet.isEmpty() && sharding != null) {
                                unmet = sharding.unsupported(cell);
                            }
                            if (unmet.isPresent()) {
                                listener.unsupported(broker.entry().runtime().broker().id(), path.id(), cell, unmet.get());
                            } else {
                                cells.add(new Cell(broker, path, cell));
                            }
                        }
                    }
                }
            }
            Set<String> usedPaths = new HashSet<>();
            // a cell's later repeats measure as many messages as its first: a consume case's rate depends on the
            // queue's depth (Artemis c6 drained 179,091 messages at 49,554 msg/s and 71,919 at 87,507 in one run
            // when each repeat was sized from its own warm-up)
            Map<Cell, Long> firstCounts = new HashMap<>();
            Map<String, String> dead = new HashMap<>();
            for (Schedule.Slot<Cell> slot : schedule.order(cells)) {
                Repeat repeat = slot.warmup() ? null
                        : new Repeat(slot.repeat(), schedule.repeats(), slot.position(), schedule.seed());
                Cell cell = slot.cell();
                String brokerId = cell.broker().entry().runtime().broker().id();
                if (!dead.containsKey(brokerId)) {
                    restarts.before(brokerId, cell.broker().instance(), brokerId + "/" + cell.path().id() + " "
                            + cell.workload().name(), watchLimit).ifPresent(why -> dead.put(brokerId, why));
                }
                if (dead.containsKey(brokerId)) { // the rest of its cells are said to have failed at once
                    listener.cellFailed(brokerId, cell.path().id(), cell.workload(), dead.get(brokerId));
                    continue;
                }
                boolean firstUse = usedPaths.add(cell.broker().entry().runtime().broker().id() + "/" + cell.path().id());
                PassPlan cellPlan = firstUse ? plan.firstUse() : plan;
                Long first = firstCounts.get(cell);
                OptionalLong measured = runCell(cell.broker().entry().runtime(), cell.broker().instance(), cell.path(),
                        cell.workload().withQueue(cell.workload().queue() + "." + queueTag() + "." + slot.position()), env,
                        repeat, first == null ? cellPlan : cellPlan.sameAs(first), slot.position());
                if (first == null && measured.isPresent()) {
                    firstCounts.put(cell, measured.getAsLong());
                }
            }
            for (Started broker : started) {
                try {
                    whileRunning.run(broker.entry().runtime(), broker.instance(), broker.entry().paths());
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    listener.cellFailed(broker.entry().runtime().broker().id(), "*", broker.entry().workloads().get(0),
                            "after the cells: " + ErrorLog.describe(e));
                }
            }
        } finally {
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).instance().close();
            }
        }
    }

    /** What makes the run's queues its own: the run id, or the group every shard of the run shares. */
    private String queueTag() {
        return sharding == null ? runId : sharding.shard().group();
    }

    /** The started broker, or empty when it cannot run here or failed to start (both reported). */
    private Optional<Started> start(Entry entry) {
        Optional<String> unavailable;
        try {
            unavailable = entry.runtime().unavailableReason(environment);
        } catch (RuntimeException e) { // e.g. a Docker client error: this broker's cells fail, the others run
            listener.brokerFailed(entry.runtime(), new BrokerStartException("cannot tell whether it can run here: "
                    + ErrorLog.describe(e), e));
            return Optional.empty();
        }
        if (unavailable.isPresent()) {
            listener.brokerSkipped(entry.runtime(), unavailable.get());
            return Optional.empty();
        }
        listener.brokerStarting(entry.runtime());
        try {
            BrokerInstance broker = entry.runtime().start(environmentFor(entry));
            listener.brokerReady(broker.info(), broker.pid());
            return Optional.of(new Started(entry, broker));
        } catch (BrokerStartException e) {
            listener.brokerFailed(entry.runtime(), e);
            return Optional.empty();
        } catch (RuntimeException e) {
            listener.brokerFailed(entry.runtime(), new BrokerStartException("failed to start: "
                    + ErrorLog.describe(e), e));
            return Optional.empty();
        }
    }

    /**
     * The environment a broker starts in: with its data on a filesystem of its own when one of its workloads fills
     * the disk (every cell on that broker then runs on it).
     */
    private BrokerEnvironment environmentFor(Entry entry) {
        boolean fillsDisk = entry.workloads().stream().flatMap(w -> w.points().stream())
                .anyMatch(w -> dev.brokerbench.core.model.QueueCase.faultOf(w)
                        instanceof dev.brokerbench.core.model.Fault.FillDisk);
        return fillsDisk ? environment.withDataFilesystem(dev.brokerbench.core.model.Fault.FillDisk.FILESYSTEM_BYTES)
                : environment;
    }

    /** Why a cut or lossy link cannot be run on this run's network path; empty when it can (or there is none). */
    private Optional<String> linkFaultUnmet(Workload cell) {
        var fault = dev.brokerbench.core.model.QueueCase.faultOf(cell);
        if (fault == null || fault.target() != dev.brokerbench.core.model.Fault.Target.LINK
                || environment.network().placement() == dev.brokerbench.core.broker.NetworkPath.Placement.LOOPBACK) {
            return Optional.empty();
        }
        return Optional.of("a cut, lossy or slow link drops or holds packets on loopback; with --network namespace"
                + " the broker is reached across a veth pair, which these faults do not reach yet (a fixed delay"
                + " there: --added-rtt)");
    }

    /** How many of a dead broker's last log lines its skipped cells carry. */
    static final int LOG_TAIL = 5;

    /** Where a cell's clients reach the broker: directly, or through the relay of a link to be slowed. */
    private static dev.brokerbench.core.broker.Endpoint clientEndpoint(BrokerInstance broker, DriverFactory path,
                                                                       dev.brokerbench.core.broker.LinkShaper relay) {
        return relay == null ? broker.endpoint(path.protocol()) : relay.endpoint(broker.endpoint(path.protocol()));
    }

    /**
     * Runs one cell and reports it (a run of a warm-up round, {@code repeat} null, is set aside); the messages its
     * measured pass was sized to, empty when it failed or its broker was caught stopped.
     */
    private OptionalLong runCell(BrokerRuntime runtime, BrokerInstance broker, DriverFactory path, Workload workload,
                                 EnvironmentInfo env, Repeat repeat, PassPlan cellPlan, int position)
            throws InterruptedException {
        Instant started = Instant.now();
        BrokerDescriptor descriptor = runtime.broker();
        java.util.Map<String, Integer> pressureBefore = BrokerLog.counts(broker.log(),
                descriptor.logSignals().pressure());
        String label = descriptor.id() + "/" + path.id() + " " + workload.name();
        // a link to be slowed: the clients reach the broker through a relay (at no delay until the fault)
        boolean relayed = dev.brokerbench.core.model.QueueCase.faultOf(workload)
                instanceof dev.brokerbench.core.model.Fault.SlowLink;
        InstanceControl control = null;
        try (dev.brokerbench.core.broker.LinkShaper relay = relayed ? broker.shaper() : null;
             BrokerQueuesDriver driver = new BrokerQueuesDriver(
                path.create(descriptor.family(), clientEndpoint(broker, path, relay), workload.clientSpec()),
                descriptor.queues(), broker::endpoint)) {
            control = new InstanceControl(runtime, broker, driver::brokerRestarted, relay,
                    new InstanceControl.Watch(watchLimit, why -> restarts.inDrain(descriptor.id(), label, why)));
            CellContext cell = CellContext.of(driver, label).withBrokerPid(broker::pid)
                    .withSetupModes(Requirements.setupModes(runtime, path))
                    .withFaults(control, new ClientProcesses(path.id(), descriptor.family(),
                            clientEndpoint(broker, path, relay), workload.clientSpec()));
            try (CellWatch watching = watchedDuring(workload, broker) ? control.watchCell() : null) {
                return measureCell(new CellRun(runtime, broker, path, workload, env, repeat, cellPlan, position,
                        started, pressureBefore), cell, control);
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            String stopped = control == null ? "" : control.stoppedDuringCell().map(s -> "the broker " + s + "; ")
                    .orElse("");
            listener.cellFailed(descriptor.id(), path.id(), workload, stopped + ErrorLog.describe(e));
            return OptionalLong.empty();
        }
    }

    /** One cell as {@link #runCell} was asked to run it, and what it noted before it began. */
    private record CellRun(BrokerRuntime runtime, BrokerInstance broker, DriverFactory path, Workload workload,
                           EnvironmentInfo env, Repeat repeat, PassPlan cellPlan, int position, Instant started,
                           java.util.Map<String, Integer> pressureBefore) {
    }

    /**
     * Whether the broker is watched while the cell runs ({@link CellWatch}): not while a fault stops, pauses or cuts
     * it on purpose, and not a cluster, whose nodes come and go by design.
     */
    private static boolean watchedDuring(Workload workload, BrokerInstance broker) {
        return dev.brokerbench.core.model.QueueCase.faultOf(workload) == null && broker.cluster().isEmpty();
    }

    /** The cell's search (for a curve's point), its passes, and its result reported. */
    private OptionalLong measureCell(CellRun run, CellContext cell, InstanceControl control) throws Exception {
        BrokerDescriptor descriptor = run.runtime().broker();
        Workload workload = run.workload();
        ScenarioRunner runner = new ScenarioRunner(listener, window).planned(run.cellPlan()).sharded(sharding);
        if (sharding != null) {
            sharding.beginCell(cell.label(), run.position());
        }
        SustainedRate search = null;
        if (workload.curvePoint()) {
            search = searchFor(descriptor.id() + "/" + run.path().id(), workload, runner, cell);
            if (!search.found()) {
                listener.cellFailed(descriptor.id(), run.path().id(), workload, "the rate search found no rate this"
                        + " path sustained (search: " + search.endDescription() + "; " + search.steps().size()
                        + " steps, the last " + describe(search.steps().get(search.steps().size() - 1)) + ")");
                return OptionalLong.empty();
            }
            workload = workload.atRate(search.highest() * workload.point().value() / 100.0);
        }
        ScenarioRunner.Outcome outcome = runner.runCase(workload, cell);
        if (sharding != null) {
            listener.shardCell(sharding.cell(descriptor.id(), run.path().id(), workload.name(), run.position()));
            return OptionalLong.of(outcome.sizing().measuredMessages());
        }
        Optional<String> stopped = control.stoppedDuringCell();
        RunResult result = result(run, workload, cell, outcome, search, stopped.orElse(null));
        if (run.repeat() == null) {
            listener.warmupRound(result);
        } else {
            listener.result(result);
        }
        return outcome.sizing() == null || stopped.isPresent() ? OptionalLong.empty()
                : OptionalLong.of(outcome.sizing().measuredMessages());
    }

    private RunResult result(CellRun run, Workload workload, CellContext cell, ScenarioRunner.Outcome outcome,
                             SustainedRate search, String brokerStopped) {
        ScenarioRunner.Pass warmup = outcome.warmup();
        BrokerInstance broker = run.broker();
        return new RunResult(RunResult.SCHEMA, runId, run.started(), scale, workload, broker.info(),
                cell.driver().info(), run.env(), warmup == null ? List.of() : warmup.phases(),
                warmup == null ? null : warmup.accounting(), outcome.measured().phases(),
                outcome.measured().accounting(), List.of(), outcome.fault(), outcome.measured().rpc(),
                caveats(run.runtime(), run.path(), workload, outcome.slowed(), outcome.sizing()),
                BrokerLog.pressureSince(broker.log(), run.pressureBefore(), run.runtime().broker().logSignals()
                        .pressure()),
                run.repeat() == null ? Repeat.SINGLE : run.repeat(), outcome.leftover(), outcome.remaining(),
                outcome.sizing(), search, BrokerGcFigures.during(broker, run.started(), Instant.now()), brokerStopped);
    }

    /** The curve's search on this broker and path: run by its first point, then shared. */
    private SustainedRate searchFor(String pair, Workload point, ScenarioRunner runner, CellContext cell)
            throws InterruptedException {
        String key = pair + "/" + point.point().series();
        SustainedRate known = searches.get(key);
        if (known != null) {
            return known;
        }
        String label = pair + " " + point.point().series();
        SustainedRate found = runner.searchRate(point.withQueue(point.queue() + ".search"), cell.withLabel(label),
                step -> listener.searchStep(label, step));
        searches.put(key, found);
        return found;
    }

    private static String describe(SearchStep step) {
        return String.format(java.util.Locale.ROOT, "%,.0f msg/s: %s%s", step.offeredRate(),
                step.verdict().description(), step.detail() == null ? "" : ", " + step.detail());
    }

    private List<String> caveats(BrokerRuntime runtime, DriverFactory path, Workload workload, boolean slowed,
                                 dev.brokerbench.core.result.Sizing sizing) {
        List<String> caveats = new ArrayList<>(Requirements.caveats(runtime, path, workload));
        restarts.caveat(runtime.broker().id()).ifPresent(caveats::add);
        if (slowed) {
            caveats.add(plan.slowdown().caveat());
        }
        if (sizing != null && sizing.warmupPasses() > 1 && !sizing.steady()) {
            caveats.add(String.format(java.util.Locale.ROOT, "warm-up not steady: %d passes in %.1f s at %s msg/s"
                    + " never agreed within %.0f %% (--warmup-seconds): the figure may still have been climbing or"
                    + " falling", sizing.warmupPasses(), sizing.warmupSeconds(), sizing.warmupRates().stream()
                    .map(r -> String.format(java.util.Locale.ROOT, "%,.0f", r))
                    .collect(java.util.stream.Collectors.joining(" / ")), plan.warmup().steadiness() * 100));
        }
        return List.copyOf(caveats);
    }
}
