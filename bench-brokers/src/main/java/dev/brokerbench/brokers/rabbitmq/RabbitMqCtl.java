package dev.brokerbench.brokers.rabbitmq;

import dev.brokerbench.brokers.local.LocalCommand;
import dev.brokerbench.core.broker.BrokerStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code rabbitmqctl} against one of the suite's private nodes: with the node's HOME (its Erlang cookie) and its
 * private epmd, so the CLI finds the node and never a system one.
 */
final class RabbitMqCtl {
    static final Path CTL = Path.of("/usr/lib/rabbitmq/bin/rabbitmqctl");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private final String node;
    private final Map<String, String> environment;
    private final Path dir;

    /**
     * @param node        the node's name, e.g. {@code brokerbench5701@localhost}
     * @param environment the node's environment (HOME and ERL_EPMD_PORT are what the CLI needs)
     * @param dir         where the CLI's output is written
     */
    RabbitMqCtl(String node, Map<String, String> environment, Path dir) {
        this.node = node;
        this.environment = Map.copyOf(environment);
        this.dir = dir;
    }

    /** Runs {@code rabbitmqctl -n NODE -q ARGS...}; returns what it printed. */
    String run(String... args) throws BrokerStartException {
        List<String> command = new ArrayList<>(List.of(CTL.toString(), "-n", node, "-q"));
        command.addAll(List.of(args));
        Path out;
        try {
            Files.createDirectories(dir);
            out = Files.createTempFile(dir, "rabbitmqctl-", ".out");
        } catch (IOException e) {
            throw new BrokerStartException("cannot write rabbitmqctl's output under " + dir + ": " + e.getMessage(), e);
        }
        try {
            LocalCommand.run("rabbitmqctl " + String.join(" ", args), command, environment, dir, out, TIMEOUT);
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BrokerStartException("cannot read rabbitmqctl's output " + out + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // the directory goes with the instance
            }
        }
    }

    /** Makes {@code /} create quorum queues when a client declares one without a type (no queue exists yet). */
    void defaultToQuorumQueues() throws BrokerStartException {
        run("delete_vhost", "/");
        run("add_vhost", "/", "--default-queue-type", "quorum");
        run("set_permissions", "-p", "/", "guest", ".*", ".*", ".*");
    }
}
