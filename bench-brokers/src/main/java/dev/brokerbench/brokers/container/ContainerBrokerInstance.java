package dev.brokerbench.brokers.container;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.Volume;
import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One broker container. The data lives on a named volume and the host ports are fixed for the instance's life, so a
 * restart (a new container on the same volume and ports) looks to clients like the same broker coming back.
 */
public final class ContainerBrokerInstance implements BrokerInstance {
    private static final int LOG_TAIL_LINES = 40;
    private final ContainerBrokerRuntime runtime;
    private final BrokerEnvironment env;
    private final BrokerImages.Choice image;
    private ContainerPause pausing;
    private final String imageId;
    private final String volume;
    private final Map<Integer, Integer> hostPorts = new LinkedHashMap<>();
    private final Map<Protocol, Endpoint> endpoints = new LinkedHashMap<>();
    private GenericContainer<?> container;
    private String version = "unknown";
    private long startToReadyMillis;
    private Map<String, String> settings = Map.of();

    private ContainerBrokerInstance(ContainerBrokerRuntime runtime, BrokerEnvironment env, BrokerImages.Choice image) {
        this.runtime = runtime;
        this.env = env;
        this.image = image;
        this.imageId = DockerEngine.imageId(image.image()).orElse(null);
        this.volume = "brokerbench-" + runtime.broker().id() + "-" + UUID.randomUUID().toString().substring(0, 8);
        java.util.List<Integer> containerPorts = new java.util.ArrayList<>(new TreeSet<>(runtime.layout().ports().values()));
        int[] free = dev.brokerbench.process.Ports.freeLoopbackPorts(containerPorts.size(), java.util.List.of());
        for (int i = 0; i < free.length; i++) {
            hostPorts.put(containerPorts.get(i), free[i]);
        }
        runtime.layout().ports().forEach((protocol, port) ->
                endpoints.put(protocol, new Endpoint(protocol, "127.0.0.1", hostPorts.get(port))));
    }

    static ContainerBrokerInstance start(ContainerBrokerRuntime runtime, BrokerEnvironment env,
                                         BrokerImages.Choice image) throws BrokerStartException {
        ContainerReaper.arm(env.workRoot());
        ContainerBrokerInstance instance = new ContainerBrokerInstance(runtime, env, image);
        try {
            DockerEngine.client().createVolumeCmd().withName(instance.volume)
                    .withLabels(ContainerReaper.labels()).exec();
            instance.startContainer();
            instance.settings = instance.collectSettings();
            return instance;
        } catch (BrokerStartException | RuntimeException e) {
            instance.close();
            throw e;
        }
    }

    private void startContainer() throws BrokerStartException {
        long t0 = System.nanoTime();
        GenericContainer<?> c = runtime.newContainer(DockerImageName.parse(image.image()), env,
                Map.copyOf(hostPorts));
        List<PortBinding> bindings = new ArrayList<>();
        hostPorts.forEach((containerPort, hostPort) -> bindings.add(new PortBinding(
                Ports.Binding.bindIpAndPort("127.0.0.1", hostPort), ExposedPort.tcp(containerPort))));
        c.setExposedPorts(List.of());
        c.withLabels(ContainerReaper.labels())
                .waitingFor(Wait.forLogMessage(runtime.layout().startedLine() + "\\s*", 1)
                        .withStartupTimeout(env.startTimeout()))
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withHostName("brokerbench-" + runtime.broker().id());
                    cmd.withExposedPorts(bindings.stream().map(PortBinding::getExposedPort).toList());
                    cmd.getHostConfig().withPortBindings(bindings)
                            .withBinds(new Bind(volume, new Volume(runtime.layout().dataPath())));
                });
        container = c;
        try {
            c.start();
        } catch (RuntimeException e) {
            throw failure("did not start: " + DockerEngine.rootMessage(e));
        }
        long deadline = t0 + env.startTimeout().toNanos();
        Endpoint probed = endpoint(runtime.layout().probeProtocol());
        while (!runtime.layout().probe().ready(probed)) {
            if (!c.isRunning()) {
                throw failure("exited before it answered on " + probed.hostAndPort());
            }
            if (System.nanoTime() > deadline) {
                throw failure("was not ready after " + env.startTimeout().toSeconds() + " s (probe on "
                        + probed.hostAndPort() + ")");
            }
            sleep(100);
        }
        startToReadyMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        Matcher m = runtime.layout().versionPattern().matcher(logs());
        version = m.find() ? m.group(1) : "unknown";
    }

    private Map<String, String> collectSettings() {
        Map<String, String> s = new LinkedHashMap<>(runtime.settings(this, env));
        s.put("image", image.image() + " (" + image.source() + ")");
        s.put("data", "named volume " + volume + " at " + runtime.layout().dataPath());
        s.put("data filesystem", dataFilesystem());
        s.putAll(RunningFacts.fromLog(logs(), runtime.broker().logSignals().runningFacts()));
        List<String> published = new ArrayList<>();
        hostPorts.forEach((c, h) -> published.add("127.0.0.1:" + h + "->" + c));
        s.put("ports", String.join(", ", published));
        return s;
    }

    /** The filesystem type under the volume, as the container sees it (e.g. {@code ext2/ext3}, {@code tmpfs}). */
    private String dataFilesystem() {
        try {
            var result = container.execInContainer("stat", "-f", "-c", "%T", runtime.layout().dataPath());
            return result.getExitCode() == 0 ? result.getStdout().strip()
                    : "unknown (stat: " + result.getStderr().strip() + ")";
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return "unknown (" + DockerEngine.rootMessage(e) + ")";
        }
    }

    @Override
    public String log() {
        return logs();
    }

    /** The container's log so far (stdout and stderr). */
    public String logs() {
        try {
            return container == null ? "" : container.getLogs();
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** A file's content from the running container, or empty when it cannot be read. */
    public String file(String path) {
        try {
            return container.copyFileFromContainer(path, in -> new String(in.readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return "";
        }
    }

    private BrokerStartException failure(String what) {
        String log = logs();
        String[] lines = log.split("\\R");
        String tail = String.join(System.lineSeparator(),
                java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - LOG_TAIL_LINES), lines.length));
        return new BrokerStartException(runtime.broker().displayName() + " (container " + image.image() + ") " + what + "."
                + System.lineSeparator() + "Last lines of the container's log:" + System.lineSeparator() + tail);
    }

    @Override
    public BrokerInfo info() {
        Map<String, String> all = settings;
        if (pausing != null) {
            all = new LinkedHashMap<>(settings);
            all.put(BrokerInfo.LAST_PAUSE, pausing.how());
        }
        return new BrokerInfo(runtime.broker().id(), runtime.broker().displayName(), version, runtime.kind(), all,
                startToReadyMillis, image.image(), imageId);
    }

    @Override
    public Endpoint endpoint(Protocol protocol) {
        return Endpoint.of(endpoints, runtime.broker().displayName(), protocol);
    }

    /** The host's pid of the container's main process (the broker), while it runs. */
    @Override
    public OptionalLong pid() {
        try {
            if (container == null || container.getContainerId() == null) {
                return OptionalLong.empty();
            }
            InspectContainerResponse.ContainerState state = DockerEngine.client()
                    .inspectContainerCmd(container.getContainerId()).exec().getState();
            Long pid = state.getPidLong();
            return Boolean.TRUE.equals(state.getRunning()) && pid != null && pid > 0 ? OptionalLong.of(pid)
                    : OptionalLong.empty();
        } catch (RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** Whether the container runs; true where the engine cannot be asked (the cells will say what failed). */
    @Override
    public boolean alive() {
        try {
            return container == null || container.getContainerId() == null || Boolean.TRUE.equals(DockerEngine
                    .client().inspectContainerCmd(container.getContainerId()).exec().getState().getRunning());
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** SIGKILL to the container's main process: the broker dies with no shutdown and no flush. */
    @Override
    public void kill() {
        if (container == null || container.getContainerId() == null || !container.isRunning()) {
            return;
        }
        DockerEngine.client().killContainerCmd(container.getContainerId()).withSignal("KILL").exec();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (container.isRunning() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Stops every process of the container where it stands: the engine's pause (the cgroup freezer), or, where the
     * engine refuses it, SIGSTOP to every process of the container from the host ({@link ContainerPause}).
     */
    @Override
    public void pause() {
        if (container == null || container.getContainerId() == null || !container.isRunning()) {
            throw new IllegalStateException(info().displayName() + ": no running container to pause");
        }
        String id = container.getContainerId();
        pausing = new ContainerPause(new ContainerPause.Engine() {
            @Override
            public void freeze() {
                DockerEngine.client().pauseContainerCmd(id).exec();
            }

            @Override
            public void thaw() {
                DockerEngine.client().unpauseContainerCmd(id).exec();
            }
        }, () -> pid().orElse(-1));
        pausing.pause();
    }

    @Override
    public void resume() {
        if (pausing != null) {
            pausing.resume();
        }
    }

    /** A new container on the same volume and host ports. */
    @Override
    public void restart() throws BrokerStartException {
        removeContainer();
        startContainer();
    }

    @Override
    public void stop() {
        if (container != null && container.getContainerId() != null && container.isRunning()) {
            DockerEngine.client().stopContainerCmd(container.getContainerId()).withTimeout(30).exec();
        }
    }

    @Override
    public void close() {
        removeContainer();
        ContainerReaper.removeVolume(volume);
    }

    private void removeContainer() {
        if (container == null) {
            return;
        }
        try {
            if (container.getContainerId() != null) {
                DockerEngine.client().removeContainerCmd(container.getContainerId()).withForce(true)
                        .withRemoveVolumes(true).exec();
            }
        } catch (RuntimeException e) {
            System.err.println("brokerbench: could not remove container " + container.getContainerId() + ": "
                    + e.getMessage());
        } finally {
            container = null;
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
