package dev.brokerbench.brokers.apollo;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.probe.StompConnectProbe;
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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ActiveMQ Apollo 1.7.1 from its Maven Central jars, started through its own CLI ({@code Apollo run}) with an
 * instance base holding {@link ApolloConfiguration}'s files, its connector on 127.0.0.1.
 */
public final class ApolloLocalRuntime implements BrokerRuntime {
    private static final Pattern STARTED =
            Pattern.compile("(?s)Apollo : ([0-9][^ ]*) \\(at:.*Accepting connections at");
    private static final String MAIN = "org.apache.activemq.apollo.cli.Apollo";






    private static Path home(Path distributionDir) {
        return distributionDir.resolve("apollo");
    }

    @Override
    public BrokerDescriptor broker() {
        return ApolloBroker.DESCRIPTOR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Path lib = home(environment.distributionDir()).resolve("lib");
        return Instances.unlessPresent(Files.isDirectory(lib), "Apollo jars", lib)
                .or(() -> Instances.unlessPlaceable(environment, Optional.empty()));
    }

    /** Starts it; once more on new ports when a port was taken ({@link Instances#onFreePorts}). */
    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        return Instances.onFreePorts(() -> startOnce(env));
    }

    private BrokerInstance startOnce(BrokerEnvironment env) throws BrokerStartException {
        Path home = home(env.distributionDir());
        Path dir = Instances.newDirectory(env, broker().id());
        int port = Ports.freeLoopbackPort();
        Instances.dataDirectory(env, dir.resolve("data")); // apollo.xml: the LevelDB store in ${apollo.base}/data
        try {
            writeConfiguration(dir, port);
        } catch (IOException e) {
            throw new BrokerStartException("cannot write Apollo's configuration in " + dir + ": " + e.getMessage(), e);
        }
        List<String> command = new java.util.ArrayList<>(List.of(Jvm.javaExecutable()));
        command.addAll(env.heapFlags());
        command.addAll(List.of("-XX:+UseG1GC", GcLogReader.option(dir.resolve(LocalLaunch.GC_LOG)),
                Jvm.lifelineAgent(env.distributionDir(), dir),
                "-Dapollo.home=" + home, "-Dapollo.base=" + dir,
                "-Dlog4j.configuration=" + dir.resolve("etc/log4j.properties").toUri(),
                "-cp", home.resolve("lib") + "/*", MAIN, "run"));
        Endpoint stomp = Endpoint.loopback(Protocol.STOMP, port);
        Path log = dir.resolve("console.log");
        LocalLaunch launch = new LocalLaunch(command, Map.of(), dir, log, log, stomp, new StompConnectProbe(),
                STARTED).withGcLog(dir.resolve(LocalLaunch.GC_LOG));
        Map<Protocol, Endpoint> endpoints = Endpoint.loopback(broker().protocols(), port);
        Map<String, String> settings = ApolloConfiguration.settings(env.heapPolicy().line(env.heap()));
        return Instances.startOrClean(
                new LocalBrokerInstance(this, launch, endpoints, settings, env, dir));
    }

    private static void writeConfiguration(Path dir, int port) throws IOException {
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Files.writeString(etc.resolve("apollo.xml"), ApolloConfiguration.xml("127.0.0.1", port));
        Files.writeString(etc.resolve("log4j.properties"), ApolloConfiguration.log4j());
    }
}
