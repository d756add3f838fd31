package dev.brokerbench.brokers.rabbitmq;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.brokers.probe.Amqp091Probe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A private RabbitMQ node from the installed Debian {@code rabbitmq-server}, as a child process: its own HOME and
 * Erlang cookie, data, logs and config, its own ports (AMQP 0-9-1 and AMQP 1.0 share one, STOMP another, Erlang
 * distribution), and a private epmd, so a system RabbitMQ on 5672 is never touched. With input allowed and
 * {@code -noinput}, beam.smp itself is the child process, so kill -9 really kills the broker.
 */
public final class RabbitMqLocalRuntime implements BrokerRuntime {
    static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final Pattern STARTED =
            Pattern.compile("(?s)Starting RabbitMQ ([0-9][^ ]*) on Erlang.*Server startup complete");






    @Override
    public BrokerDescriptor broker() {
        return RabbitMqBroker.DESCRIPTOR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        if (!Files.isExecutable(SERVER)) {
            return Optional.of("rabbitmq-server is not installed (" + SERVER + " missing): install it with"
                    + " 'apt-get install rabbitmq-server' (the suite starts its own node on private ports and never"
                    + " touches a system node)");
        }
        if (Epmd.executable().isEmpty()) {
            return Optional.of("epmd (Erlang) not found on PATH: install it with 'apt-get install erlang-base'");
        }
        return Instances.unlessPlaceable(environment, Optional.of("its private epmd runs beside the node, outside"
                + " the namespace"));
    }

    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        Optional<String> unavailable = unavailableReason(env);
        if (unavailable.isPresent()) {
            throw new BrokerStartException(unavailable.get());
        }
        Path dir = Instances.newDirectory(env.workRoot(), broker().id());
        int[] ports = Ports.freeLoopbackPorts(4, java.util.List.of());
        int amqpPort = ports[0];
        int stompPort = ports[1];
        int distPort = ports[2];
        int epmdPort = ports[3];
        Map<String, String> environment;
        ChildProcess epmd;
        try {
            environment = prepare(dir, amqpPort, stompPort, distPort, epmdPort, env.memoryBudgetBytes());
            epmd = Epmd.start(epmdPort, env.distributionDir(), dir, dir.resolve("epmd.log"));
        } catch (IOException e) {
            throw new BrokerStartException("cannot prepare the RabbitMQ node in " + dir + ": " + e.getMessage(), e);
        }
        Endpoint amqp091 = Endpoint.loopback(Protocol.AMQP091, amqpPort);
        LocalLaunch launch = new LocalLaunch(Jvm.guarded(env.distributionDir(), dir, List.of(SERVER.toString())),
                environment, dir, dir.resolve("console.log"), dir.resolve("log").resolve("rabbit.log"), amqp091,
                new Amqp091Probe(), STARTED, true).withRunningFacts(broker().logSignals().runningFacts());
        Map<Protocol, Endpoint> endpoints = Map.of(
                Protocol.AMQP091, amqp091,
                Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, amqpPort),
                Protocol.STOMP, Endpoint.loopback(Protocol.STOMP, stompPort));
        Map<String, String> settings = settings(env);
        settings.put("installation", "Debian rabbitmq-server, private node (own HOME, cookie, epmd, ports)");
        return Instances.startOrClean(new LocalBrokerInstance(this, launch, endpoints, settings, env,
                dir, List.of(epmd)));
    }

    /** The memory budget as RabbitMQ's absolute high watermark (the JVM brokers get it as their heap). */
    public static String watermark(long memoryBytes) {
        return "vm_memory_high_watermark.absolute = " + memoryBytes;
    }

    /** The settings both RabbitMQ runtimes record. */
    public static Map<String, String> settings(BrokerEnvironment env) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("queue", "durable classic queue");
        settings.put("persistence", "durable classic queue, delivery mode 2, confirms after the store's batched"
                + " fsync");
        settings.put("plugins", "rabbitmq_amqp1_0, rabbitmq_stomp");
        settings.put("memory", "vm_memory_high_watermark.absolute = " + env.heap() + " (the JVM brokers' heap):"
                + " publishers blocked above it; messages paged to disk from half of it (paging ratio 0.5)");
        return settings;
    }

    private static Map<String, String> prepare(Path dir, int amqpPort, int stompPort, int distPort, int epmdPort,
                                               long memoryBytes) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path cookie = home.resolve(".erlang.cookie");
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        Files.writeString(cookie, HexFormat.of().formatHex(secret).toUpperCase());
        Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
        Files.createDirectories(dir.resolve("mnesia"));
        Files.createDirectories(dir.resolve("log"));
        Files.writeString(dir.resolve("rabbitmq.conf"), String.join("\n",
                "listeners.tcp.1 = 127.0.0.1:" + amqpPort,
                "stomp.listeners.tcp.1 = 127.0.0.1:" + stompPort,
                "loopback_users.guest = true",
                "log.file.level = info",
                "log.console = false",
                watermark(memoryBytes),
                "") );
        Files.writeString(dir.resolve("enabled_plugins"), "[rabbitmq_amqp1_0,rabbitmq_stomp].\n");
        Files.writeString(dir.resolve("rabbitmq-env.conf"), "");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("RABBITMQ_NODENAME", "brokerbench" + amqpPort + "@localhost");
        env.put("RABBITMQ_USE_LONGNAME", "false");
        env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_NODE_PORT", String.valueOf(amqpPort));
        env.put("RABBITMQ_DIST_PORT", String.valueOf(distPort));
        env.put("ERL_EPMD_PORT", String.valueOf(epmdPort));
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_LOGS", dir.resolve("log").resolve("rabbit.log").toString());
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
        env.put("RABBITMQ_PID_FILE", dir.resolve("rabbit.pid").toString());
        env.put("RABBITMQ_ALLOW_INPUT", "true");
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-noinput");
        return env;
    }
}
