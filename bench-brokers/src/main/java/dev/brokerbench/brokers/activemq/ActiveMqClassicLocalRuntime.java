package dev.brokerbench.brokers.activemq;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.brokers.probe.OpenWireHandshakeProbe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ActiveMQ Classic 6.x (broker + KahaDB jars from Maven Central) in its own JVM, configured like the distribution's
 * activemq.xml by {@code ActiveMqClassicMain} in broker-dist.
 */
public final class ActiveMqClassicLocalRuntime implements BrokerRuntime {
    private static final Pattern VERSION = Pattern.compile("ActiveMQ Classic ([0-9][^ ]*) ready");
    private static final String MAIN = "dev.brokerbench.dist.activemq.ActiveMqClassicMain";





    private static Path lib(Path distributionDir) {
        return distributionDir.resolve("activemq-classic").resolve("lib");
    }


    @Override
    public BrokerDescriptor broker() {
        return ActiveMqClassicBroker.DESCRIPTOR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Path lib = lib(environment.distributionDir());
        return Instances.unlessPresent(Files.isDirectory(lib), "ActiveMQ Classic jars", lib)
                .or(() -> Instances.unlessPlaceable(environment, Optional.empty()));
    }

    /** Starts it; once more on new ports when a port was taken ({@link Instances#onFreePorts}). */
    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        return Instances.onFreePorts(() -> startOnce(env));
    }

    private BrokerInstance startOnce(BrokerEnvironment env) throws BrokerStartException {
        Path dir = Instances.newDirectory(env, broker().id());
        int[] ports = Ports.freeLoopbackPorts(3, java.util.List.of());
        int port = ports[0];
        int amqpPort = ports[1];
        int stompPort = ports[2];
        Path data = Instances.dataDirectory(env, dir.resolve("data"));
        Path log = dir.resolve("console.log");
        List<String> command = new java.util.ArrayList<>(List.of(Jvm.javaExecutable()));
        command.addAll(env.heapFlags());
        command.addAll(List.of("-XX:+UseG1GC", GcLogReader.option(dir.resolve(LocalLaunch.GC_LOG)),
                Jvm.lifelineAgent(env.distributionDir(), dir),
                "-cp", lib(env.distributionDir()) + "/*", MAIN,
                "--data", data.toString(), "--openwire-port", String.valueOf(port),
                "--amqp-port", String.valueOf(amqpPort), "--stomp-port", String.valueOf(stompPort)));
        Endpoint openwire = Endpoint.loopback(Protocol.OPENWIRE, port);
        Map<String, String> settings = settings(env.heapPolicy().line(env.heap()));
        LocalLaunch launch = new LocalLaunch(command, Map.of(), dir, log, log, openwire,
                new OpenWireHandshakeProbe(), VERSION).withRunningFacts(broker().logSignals().runningFacts())
                .withGcLog(dir.resolve(LocalLaunch.GC_LOG));
        return Instances.startOrClean(
                new LocalBrokerInstance(this, launch, Map.of(Protocol.OPENWIRE, openwire,
                        Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, amqpPort),
                        Protocol.STOMP, Endpoint.loopback(Protocol.STOMP, stompPort)), settings, env, dir));
    }

    /** The settings both ActiveMQ Classic runtimes record (both run the same launcher); {@code heap}: its flags. */
    public static Map<String, String> settings(String heap) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("installation", "activemq-broker + activemq-kahadb-store jars, activemq.xml defaults");
        settings.put("persistence", "KahaDB, journalDiskSyncStrategy=always");
        settings.put("journalDiskSyncStrategy", "always (fsync before the send is acknowledged)");
        settings.put("memoryUsage", "50% of heap (messages in memory; then producer flow control / store cursor)");
        settings.put("storeUsage", "100 GB");
        settings.put("heap", heap);
        settings.put("amqpConnector", "transport.tcpNoDelay=true (the distribution's default leaves Nagle on)");
        settings.put("stompConnector", "transport.tcpNoDelay=true");
        return settings;
    }


}
