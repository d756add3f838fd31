package dev.brokerbench.baselines;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.Rpc;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A broker-less baseline: {@link BaselineServerMain} in a JVM of its own (the suite's JDK and classpath, the
 * brokers' lifeline), listening on a free loopback port, with {@link Rpc#DEFAULT_SERVERS} server threads, as many as
 * the brokers' server sessions.
 */
public abstract class BaselineRuntime implements BrokerRuntime {
    private static final Pattern READY = Pattern.compile("baseline (.+) ready on");

    private final BrokerDescriptor broker;
    private final String transport;

    /**
     * @param broker    the baseline; its id is the server {@link BaselineServerMain} runs
     * @param transport how calls travel, for the record
     */
    protected BaselineRuntime(BrokerDescriptor broker, String transport) {
        this.broker = broker;
        this.transport = transport;
    }

    @Override
    public final BrokerDescriptor broker() {
        return broker;
    }

    @Override
    public final RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        return Files.isRegularFile(environment.distributionDir().resolve("lifeline.jar"))
                ? Instances.unlessPlaceable(environment, Optional.empty())
                : Optional.of("no lifeline.jar under " + environment.distributionDir() + "; build with 'mvn -pl"
                + " bench-app -am package' or point --dist-dir at a broker-dist directory");
    }

    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        Path dir = Instances.newDirectory(env.workRoot(), broker.id());
        int port = Ports.freeLoopbackPort();
        Path log = dir.resolve("console.log");
        List<String> command = List.of(Jvm.javaExecutable(), "-Xms256m", "-Xmx" + env.heap(), "-XX:+UseG1GC",
                Jvm.lifelineAgent(env.distributionDir(), dir), "-cp", absoluteClassPath(),
                BaselineServerMain.class.getName(), broker.id(), String.valueOf(port),
                String.valueOf(Rpc.DEFAULT_SERVERS));
        Endpoint endpoint = Endpoint.loopback(broker.nativeProtocol(), port);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("persistence", "none (broker-less: client and server talk directly)");
        settings.put("transport", transport);
        settings.put("serverThreads", String.valueOf(Rpc.DEFAULT_SERVERS));
        settings.put("heap", "-Xms256m -Xmx" + env.heap());
        LocalLaunch launch = new LocalLaunch(command, Map.of(), dir, log, log, endpoint, BaselineRuntime::accepts,
                READY);
        return Instances.startOrClean(new LocalBrokerInstance(this, launch, Map.of(broker.nativeProtocol(), endpoint),
                settings, env, dir));
    }

    /** The suite's classpath with absolute entries: the server runs in its instance directory, not the caller's. */
    private static String absoluteClassPath() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    /** The server accepts TCP connections (its ready line, checked too, is printed after it bound the port). */
    private static boolean accepts(Endpoint endpoint) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
