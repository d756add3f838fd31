package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.core.broker.BrokerEnvironment;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** Where broker distributions are and how brokers are started; shared by commands that start brokers. */
public final class BrokerOptions {
    static final String DIST_ENV = "BROKERBENCH_DIST_DIR";
    static final String DIST_PROPERTY = "brokerbench.dist.dir";

    @Option(names = "--dist-dir", paramLabel = "DIR",
            description = "Unpacked broker-dist directory (default: broker-dist/ next to bench.jar, or $"
                    + DIST_ENV + ").")
    Path distDir;

    @Option(names = "--heap", defaultValue = "2g", paramLabel = "SIZE",
            description = "Heap of every JVM broker, the same for all (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--start-timeout", defaultValue = "120", paramLabel = "SECONDS",
            description = "How long a broker may take to become ready (default: ${DEFAULT-VALUE}).")
    int startTimeoutSeconds;

    /** Rejects bad values before anything is created. */
    void validate(CommandLine cli) {
        if (!heap.matches("[1-9][0-9]*[mMgG]")) {
            throw new ParameterException(cli, "--heap: '" + heap + "' is not a heap size; use e.g. 512m or 2g");
        }
        OptionRange.check(cli, "--start-timeout", startTimeoutSeconds, 5, 3600);
    }

    BrokerEnvironment environment(Path workRoot) {
        return new BrokerEnvironment(distributionDir(), workRoot, Duration.ofSeconds(startTimeoutSeconds), heap);
    }

    /** The option, else the environment variable, else the build's property, else next to the jar. */
    Path distributionDir() {
        if (distDir != null) {
            return distDir.toAbsolutePath();
        }
        String env = System.getenv(DIST_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        String property = System.getProperty(DIST_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        try {
            Path code = Path.of(BenchCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent().resolve("broker-dist");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("broker-dist").toAbsolutePath();
        }
    }
}
