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
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ActiveMQ Apollo 1.7.1 from its Maven Central jars, started through its own CLI ({@code Apollo run}) with an
 * instance base holding {@code etc/apollo.xml}: a LevelDB store with sync on (the BDB store loses acknowledged
 * messages on kill -9), one auto-detecting connector on 127.0.0.1 for AMQP 1.0, OpenWire and STOMP.
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

    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        Path home = home(env.distributionDir());
        Path dir = Instances.newDirectory(env.workRoot(), broker().id());
        int port = Ports.freeLoopbackPort();
        try {
            writeConfiguration(dir, port);
        } catch (IOException e) {
            throw new BrokerStartException("cannot write Apollo's configuration in " + dir + ": " + e.getMessage(), e);
        }
        List<String> command = new java.util.ArrayList<>(List.of(Jvm.javaExecutable()));
        command.addAll(env.heapFlags());
        command.addAll(List.of("-XX:+UseG1GC", Jvm.lifelineAgent(env.distributionDir(), dir),
                "-Dapollo.home=" + home, "-Dapollo.base=" + dir,
                "-Dlog4j.configuration=" + dir.resolve("etc/log4j.properties").toUri(),
                "-cp", home.resolve("lib") + "/*", MAIN, "run"));
        Endpoint stomp = Endpoint.loopback(Protocol.STOMP, port);
        Path log = dir.resolve("console.log");
        LocalLaunch launch = new LocalLaunch(command, Map.of(), dir, log, log, stomp, new StompConnectProbe(),
                STARTED);
        Map<Protocol, Endpoint> endpoints = Endpoint.loopback(broker().protocols(), port);
        Map<String, String> settings = settings(env.heapPolicy().line(env.heap()));
        return Instances.startOrClean(
                new LocalBrokerInstance(this, launch, endpoints, settings, env, dir));
    }

    private static void writeConfiguration(Path dir, int port) throws IOException {
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Files.writeString(etc.resolve("apollo.xml"), configuration("127.0.0.1", port));
        Files.writeString(etc.resolve("log4j.properties"), LOG4J);
    }

    /** apollo.xml: LevelDB with sync on, one auto-detecting connector on {@code bind:port}. */
    public static String configuration(String bind, int port) {
        return """
                <broker xmlns="http://activemq.apache.org/schema/activemq/apollo">
                  <notes>brokerbench</notes>
                  <virtual_host id="localhost">
                    <host_name>localhost</host_name>
                    <host_name>127.0.0.1</host_name>
                    <leveldb_store directory="${apollo.base}/data" sync="true"/>
                  </virtual_host>
                  <connector id="tcp" bind="tcp://%s:%d" connection_limit="2000">
                    <openwire tcp_no_delay="true"/>
                  </connector>
                </broker>
                """.formatted(bind, port);
    }

    /** Apollo's log to the console (the suite keeps it in a file or the container's log). */
    public static final String LOG4J = """
            log4j.rootLogger=INFO, console
            log4j.appender.console=org.apache.log4j.ConsoleAppender
            log4j.appender.console.layout=org.apache.log4j.PatternLayout
            log4j.appender.console.layout.ConversionPattern=%d %-5p [%c{1}] %m%n
            """;

    /** The settings both Apollo runtimes record. */
    public static Map<String, String> settings(String heap) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("installation", "apollo-* 1.7.1 jars from Maven Central, Apollo CLI 'run', etc/apollo.xml");
        settings.put("persistence", "LevelDB, sync=true (log writes synced before the send is acknowledged)");
        settings.put("connector", "one auto-detecting connector (AMQP 1.0, OpenWire v8, STOMP)");
        settings.put("openwire", "tcp_no_delay=true (negotiated into the wire format; off by default, which held 10 KB"
                + " sync sends at 44 ms each: Nagle against delayed ACKs)");
        settings.put("heap", heap);
        return settings;
    }
}
