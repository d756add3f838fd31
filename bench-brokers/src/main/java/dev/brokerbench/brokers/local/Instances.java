package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.process.Cleanup;
import dev.brokerbench.process.fs.SmallFilesystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Creates each broker instance's own directory under the work root, registered for deletion at exit. */
public final class Instances {
    private Instances() {
    }

    public static Path newDirectory(Path workRoot, String brokerId) throws BrokerStartException {
        try {
            Files.createDirectories(workRoot);
            Path dir = Files.createTempDirectory(workRoot, brokerId + "-");
            Cleanup.register(dir);
            return dir;
        } catch (IOException e) {
            throw new BrokerStartException("cannot create an instance directory under " + workRoot + ": "
                    + e.getMessage(), e);
        }
    }

    /** A new instance directory under the environment's work root. */
    public static Path newDirectory(BrokerEnvironment env, String brokerId) throws BrokerStartException {
        return newDirectory(env.workRoot(), brokerId);
    }

    /**
     * The broker's data directory {@code data} (inside its instance directory), created; on a filesystem of its own
     * when the environment asks for one ({@link BrokerEnvironment#dataFilesystemBytes()}: a disk that can fill,
     * unmounted when the instance closes). Only the data is on it: the broker's log, configuration and console stay
     * on the work disk, so that a broker whose disk is full can still say so, and says it when it happens.
     */
    public static Path dataDirectory(BrokerEnvironment env, Path data) throws BrokerStartException {
        try {
            Files.createDirectories(data);
        } catch (IOException e) {
            throw new BrokerStartException("cannot create the data directory " + data + ": " + e.getMessage(), e);
        }
        if (env.dataFilesystemBytes().isEmpty()) {
            return data;
        }
        java.util.Optional<String> cannot = SmallFilesystem.unavailableReason();
        if (cannot.isPresent()) {
            throw new BrokerStartException("the broker's data needs a filesystem of its own (a disk-full fault), and"
                    + " none can be made here: " + cannot.get());
        }
        try {
            SmallFilesystem.mount(data, env.dataFilesystemBytes().getAsLong());
        } catch (IOException e) {
            throw new BrokerStartException("cannot mount a filesystem of its own on " + data + ": " + e.getMessage(),
                    e);
        }
        return data;
    }

    /**
     * Why a broker whose bits live in broker-dist cannot start: empty when {@code present}, else that {@code what}
     * is missing under {@code where} and how to get it.
     */
    public static java.util.Optional<String> unlessPresent(boolean present, String what, Path where) {
        return present ? java.util.Optional.empty() : java.util.Optional.of("no " + what + " under " + where
                + "; build it with 'mvn -pl bench-app -am package' or point --dist-dir at a broker-dist directory");
    }

    /**
     * Why a broker cannot be placed on {@code env}'s network: empty on loopback, or in a namespace when namespaces
     * can be made here and the runtime maps the broker there ({@code notMapped} empty); else why not and what to do.
     */
    public static java.util.Optional<String> unlessPlaceable(dev.brokerbench.core.broker.BrokerEnvironment env,
                                                             java.util.Optional<String> notMapped) {
        if (env.network().placement() == dev.brokerbench.core.broker.NetworkPath.Placement.LOOPBACK) {
            return java.util.Optional.empty();
        }
        return notMapped.map(why -> "not on its own network namespace yet: " + why + "; run it with --network"
                + " loopback").or(() -> dev.brokerbench.process.net.NetworkNamespace.unavailableReason()
                .map(why -> "--network namespace: " + why));
    }

    /** One start of a broker on ports it chooses itself, e.g. a runtime's start on a new directory. */
    @FunctionalInterface
    public interface Start {
        dev.brokerbench.core.broker.BrokerInstance start() throws BrokerStartException;
    }

    /**
     * Starts the broker; once more, on ports it chooses anew, when a port it chose was bound by another process
     * between its choice and the broker's bind (three test forks start brokers side by side: CI saw RabbitMQ lose its
     * distribution port on 2026-11-27, ActiveMQ Classic its STOMP port on 2026-11-29).
     */
    public static dev.brokerbench.core.broker.BrokerInstance onFreePorts(Start start) throws BrokerStartException {
        try {
            return start.start();
        } catch (BrokerStartException e) {
            if (!portTaken(e)) {
                throw e;
            }
            return start.start();
        }
    }

    /**
     * Whether a start failed because a port it chose was already bound: the broker's words for it (a JVM's
     * BindException, Erlang's eaddrinuse or dist_port_already_used), which the failure carries from its log.
     */
    public static boolean portTaken(BrokerStartException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("dist_port_already_used") || m.contains("eaddrinuse")
                || m.contains("Address already in use");
    }

    /** Starts the instance; if it fails, removes everything it created before rethrowing. */
    public static LocalBrokerInstance startOrClean(LocalBrokerInstance instance) throws BrokerStartException {
        try {
            return instance.start();
        } catch (BrokerStartException | RuntimeException e) {
            instance.close();
            throw e;
        }
    }
}
