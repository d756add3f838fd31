package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.NetworkPath;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Cleanup;
import dev.brokerbench.process.ProcessTrees;
import dev.brokerbench.process.fs.SmallFilesystem;
import dev.brokerbench.process.net.PacketDrop;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

/**
 * A broker running as a child process of the suite: ready only once its protocol-level probe succeeds; kill -9,
 * restart on the same data and ports, stop; {@link #close()} removes the instance directory.
 */
public final class LocalBrokerInstance implements BrokerInstance {
    private static final int LOG_TAIL_LINES = 40;
    private static final java.util.regex.Pattern WARNING =
            java.util.regex.Pattern.compile("\\b(WARN|WARNING|ERROR|FATAL|[A-Za-z.]*(Exception|Error))\\b");
    private final BrokerRuntime runtime;
    private final LocalLaunch launch;
    private final Map<Protocol, Endpoint> endpoints;
    private final Map<String, String> settings;
    private final BrokerEnvironment env;
    private final Path instanceDir;
    private final List<ChildProcess> companions;
    private ChildProcess process;
    private BrokerHost host;
    private long startToReadyMillis;
    private Map<String, String> asRunning = Map.of();
    private String version;
    /** Where this start's part of the broker's log begins: the ready line must be written by this start. */
    private long logOffset;
    /** The first launch's failure when the last start took a second launch; null when it took one. */
    private String relaunchedAfter;
    /** The GC logs of the JVMs this broker ran as before its last launch, oldest first. */
    private final List<Path> earlierGcLogs = new java.util.ArrayList<>();

    public LocalBrokerInstance(BrokerRuntime runtime, LocalLaunch launch, Map<Protocol, Endpoint> endpoints,
                               Map<String, String> settings, BrokerEnvironment env, Path instanceDir) {
        this(runtime, launch, endpoints, settings, env, instanceDir, List.of());
    }

    /** @param companions processes the broker needs (e.g. a private epmd), killed when the instance closes */
    public LocalBrokerInstance(BrokerRuntime runtime, LocalLaunch launch, Map<Protocol, Endpoint> endpoints,
                               Map<String, String> settings, BrokerEnvironment env, Path instanceDir,
                               List<ChildProcess> companions) {
        this.companions = List.copyOf(companions);
        this.runtime = runtime;
        this.launch = launch;
        this.endpoints = Map.copyOf(endpoints);
        Map<String, String> all = new java.util.LinkedHashMap<>(settings);
        if (env.cpus().split()) {
            all.put("cpus", env.cpus().describe());
        }
        this.settings = java.util.Collections.unmodifiableMap(all);
        this.env = env;
        this.instanceDir = instanceDir;
    }

    /**
     * Starts the process and waits for readiness; on failure kills it and reports the log tail. A process that exited
     * before it was ready is launched once more on the same directory (a start's crash on a loaded machine need not
     * repeat: CI saw RabbitMQ do so at two starts of one wide-tier run, and at none in the next), unless a port it was
     * given was taken (the runtime starts it again on others: {@link Instances#onFreePorts}); the first exit is
     * recorded in {@link #info()}
     * as the setting {@value #RELAUNCHED}, and a second exit fails the start with both. On a
     * {@link NetworkPath.Placement#NAMESPACE} path the broker runs in a network namespace of its own, made at the
     * first start and kept across restarts.
     */
    public LocalBrokerInstance start() throws BrokerStartException {
        relaunchedAfter = null;
        Optional<BrokerStartException> exited = launchAndAwait();
        if (exited.isPresent() && Instances.portTaken(exited.get())) {
            throw exited.get(); // the same ports again would fail the same way: the runtime chooses others
        }
        if (exited.isPresent()) {
            String first = headline(exited.get());
            if (!Files.isDirectory(instanceDir)) {
                throw new BrokerStartException(exited.get().getMessage() + System.lineSeparator()
                        + "Its instance directory " + instanceDir + " is gone: not launched again.", exited.get());
            }
            exited = launchAndAwait();
            if (exited.isPresent()) {
                throw new BrokerStartException(exited.get().getMessage() + System.lineSeparator()
                        + "It was the second launch; the first: " + first, exited.get());
            }
            relaunchedAfter = first;
        }
        // the filesystem the data is on: a small one of its own (a disk-full fault), else the instance's
        List<SmallFilesystem> data = SmallFilesystem.under(instanceDir);
        asRunning = RunningFacts.read(launch, data.size() == 1 ? data.get(0).directory() : instanceDir);
        return this;
    }

    @Override
    public Optional<Path> gcLog() {
        return Optional.ofNullable(launch.gcLog());
    }

    @Override
    public List<Path> earlierGcLogs() {
        return List.copyOf(earlierGcLogs);
    }

    /** The last launch's GC log set aside as {@code gc.log.N} (a JVM started again on the file truncates it). */
    private void keepGcLog() throws IOException {
        Path log = launch.gcLog();
        if (log != null && Files.isRegularFile(log) && Files.size(log) > 0) {
            Path kept = log.resolveSibling(log.getFileName() + "." + (earlierGcLogs.size() + 1));
            Files.move(log, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            earlierGcLogs.add(kept);
        }
    }

    /** The setting that records a launch that exited before it was ready and was followed by a second. */
    public static final String RELAUNCHED = "start relaunched";

    /**
     * One launch, awaited: ready, or the failure of a process that exited before it was ready (returned, so that it
     * can be launched again); a timeout or a launch that cannot be made throws.
     */
    private Optional<BrokerStartException> launchAndAwait() throws BrokerStartException {
        long t0 = System.nanoTime();
        logOffset = size(launch.brokerLog());
        try {
            keepGcLog();
            if (env.network().placement() == NetworkPath.Placement.NAMESPACE && host == null) {
                host = BrokerHost.create(env, endpoints.values(), launch.probeEndpoint(), instanceDir);
            }
            List<String> command = env.cpus().onBrokerCpus(launch.command());
            process = ChildProcess.start(host == null ? command : host.namespace().inside(command),
                    launch.environment(), launch.workDir(), launch.consoleLog());
        } catch (IOException e) {
            throw new BrokerStartException(runtime.broker().displayName() + " could not be launched: " + e.getMessage(), e);
        }
        Duration startTimeout = env.startTimeout();
        long deadline = t0 + startTimeout.toNanos();
        while (!launch.probe().ready(reach(launch.probeEndpoint())) || (version = findVersion()) == null) {
            if (!process.alive()) {
                return Optional.of(failure("exited with code " + process.exitCode() + " before it was ready"));
            }
            if (System.nanoTime() > deadline) {
                process.kill();
                throw failure("was not ready after " + startTimeout.toSeconds() + " s (probe on "
                        + reach(launch.probeEndpoint()).hostAndPort() + ")");
            }
            sleep(100);
        }
        startToReadyMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        return Optional.empty();
    }

    /** A failed launch in a line: what happened, and where its log is (the second launch appends to it). */
    private String headline(BrokerStartException e) {
        return e.getMessage().lines().findFirst().orElse("").replaceFirst("\\.$", "") + " (its log: "
                + launch.brokerLog() + ")";
    }

    private BrokerStartException failure(String what) {
        StringBuilder sb = new StringBuilder(runtime.broker().displayName()).append(' ').append(what).append('.');
        String warnings = ChildProcess.matching(launch.brokerLog(), WARNING, LOG_TAIL_LINES);
        if (!warnings.isEmpty()) {
            sb.append(System.lineSeparator()).append("Warnings and errors in ").append(launch.brokerLog())
                    .append(':').append(System.lineSeparator()).append(warnings);
        }
        sb.append(System.lineSeparator()).append("Last lines of ").append(launch.brokerLog()).append(':')
                .append(System.lineSeparator()).append(ChildProcess.tail(launch.brokerLog(), LOG_TAIL_LINES));
        if (!launch.brokerLog().equals(launch.consoleLog())) {
            sb.append(System.lineSeparator()).append("Last lines of ").append(launch.consoleLog()).append(':')
                    .append(System.lineSeparator()).append(ChildProcess.tail(launch.consoleLog(), LOG_TAIL_LINES));
        }
        return new BrokerStartException(sb.toString());
    }

    /**
     * The version from the broker's "started" log line written since this start (a restart finds the last start's
     * line already there), or null while it has not been written.
     */
    private String findVersion() {
        try {
            if (!Files.exists(launch.brokerLog())) {
                return null;
            }
            byte[] log = Files.readAllBytes(launch.brokerLog());
            // a log that is shorter than it was at the start was rotated: all of it is this start's
            int from = log.length < logOffset ? 0 : (int) logOffset;
            String text = new String(log, from, log.length - from, StandardCharsets.UTF_8);
            Matcher m = launch.versionPattern().matcher(text);
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Whether the broker's process runs. */
    @Override
    public boolean alive() {
        return process != null && process.alive();
    }

    /** The readiness probe of its start: the protocol's handshake on its port. */
    @Override
    public boolean answers() {
        return alive() && launch.probe().ready(reach(launch.probeEndpoint()));
    }

    @Override
    public BrokerInfo info() {
        Map<String, String> all = new java.util.TreeMap<>(settings);
        all.putAll(asRunning);
        if (host != null) {
            all.put("network", host.describe());
        }
        if (relaunchedAfter != null) {
            all.put(RELAUNCHED, "the first launch " + relaunchedAfter + "; the second was ready");
        }
        return new BrokerInfo(runtime.broker().id(), runtime.broker().displayName(), version, runtime.kind(), all,
                startToReadyMillis);
    }

    @Override
    public Endpoint endpoint(Protocol protocol) {
        return reach(Endpoint.of(endpoints, runtime.broker().displayName(), protocol));
    }

    /** Where the suite reaches {@code endpoint}: itself on loopback, else at the namespace's address. */
    private Endpoint reach(Endpoint endpoint) {
        return host == null ? endpoint : host.reach(endpoint);
    }

    @Override
    public OptionalLong pid() {
        if (process == null || !process.alive()) {
            return OptionalLong.empty();
        }
        return launch.guarded() ? process.firstChildPid() : OptionalLong.of(process.pid());
    }

    @Override
    public String log() {
        String broker = RunningFacts.text(launch.brokerLog());
        return launch.brokerLog().equals(launch.consoleLog()) ? broker
                : broker + "\n" + RunningFacts.text(launch.consoleLog());
    }

    /** The directory holding this instance's configuration, data and logs. */
    public Path instanceDir() {
        return instanceDir;
    }

    @Override
    public void kill() {
        if (process != null) {
            process.kill();
        }
    }

    /**
     * SIGSTOP to the broker's process and every process it started (not to the lifeline Guard above it, which must
     * stay able to kill it; nor to companions such as RabbitMQ's epmd), then waits until the kernel reports each
     * stopped.
     */
    @Override
    public void pause() {
        ProcessHandle broker = brokerProcess();
        try {
            ProcessTrees.stop(broker, PAUSE_PATIENCE);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(info().displayName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void resume() {
        ProcessTrees.signal(brokerProcess(), "CONT");
    }

    /** Drops packets to and from every client port of the broker on loopback (iptables, {@link PacketDrop}). */
    @Override
    public dev.brokerbench.core.broker.Undo dropPackets(double share) {
        if (host != null) {
            throw new UnsupportedOperationException("dropping packets is built for a broker on loopback; "
                    + info().displayName() + " runs in network namespace " + host.namespace().name());
        }
        List<Integer> ports = endpoints.values().stream().map(Endpoint::port).distinct().sorted().toList();
        try {
            return PacketDrop.start(ports, share)::close;
        } catch (IOException e) {
            throw new IllegalStateException("could not drop the packets of ports " + ports + ": " + e.getMessage(),
                    e);
        }
    }

    /** A relay in the suite's JVM to every client port of the broker on loopback ({@link RelayShaper}). */
    @Override
    public dev.brokerbench.core.broker.LinkShaper shaper() {
        if (host != null) {
            throw new UnsupportedOperationException("slowing the link is built for a broker on loopback; "
                    + info().displayName() + " runs in network namespace " + host.namespace().name());
        }
        return RelayShaper.start(endpoints.values().stream().map(Endpoint::port).distinct().sorted().toList());
    }

    /** Fills the filesystem of its own the broker's data is on ({@link SmallFilesystem}). */
    @Override
    public dev.brokerbench.core.broker.Undo fillDisk(long leftBytes) {
        List<SmallFilesystem> mounted = SmallFilesystem.under(instanceDir);
        if (mounted.size() != 1) {
            throw new UnsupportedOperationException(info().displayName() + "'s data is not on one filesystem of its"
                    + " own (the run starts it on one when a case of the run fills the disk; " + mounted.size()
                    + " here)");
        }
        SmallFilesystem fs = mounted.get(0);
        try {
            AutoCloseable space = fs.fill(leftBytes);
            return () -> {
                try {
                    space.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not free the disk again: " + e.getMessage(), e);
                }
            };
        } catch (IOException e) {
            throw new IllegalStateException("could not fill the disk: " + e.getMessage(), e);
        }
    }

    /** How long SIGSTOP may take to stop every thread of the broker's processes. */
    private static final Duration PAUSE_PATIENCE = Duration.ofSeconds(2);

    private ProcessHandle brokerProcess() {
        long pid = pid().orElseThrow(() -> new IllegalStateException(info().displayName() + " runs no process"));
        return ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(info().displayName() + " (pid "
                + pid + ") is not running"));
    }

    @Override
    public void restart() throws BrokerStartException {
        if (process != null && process.alive()) {
            process.stop(30);
        }
        start();
    }

    @Override
    public void stop() {
        if (process != null && process.alive()) {
            process.stop(30);
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } finally {
            companions.forEach(ChildProcess::kill);
            if (host != null) {
                host.namespace().close();
            }
            SmallFilesystem.under(instanceDir).forEach(SmallFilesystem::close);
            Cleanup.deleteNow(instanceDir);
        }
    }

    private static void sleep(long millis) throws BrokerStartException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerStartException("interrupted while waiting for the broker");
        }
    }
}
