package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.catalog.RuntimeChoice;
import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.external.AnyStompServer;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    @CommandLine.Mixin
    NetworkOptions networkOptions = new NetworkOptions();

    private dev.brokerbench.core.broker.NetworkPath network = dev.brokerbench.core.broker.NetworkPath.LOOPBACK;

    @Option(names = "--heap", defaultValue = "2g", paramLabel = "SIZE",
            description = "Heap of every JVM broker, the same for all (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--heap-policy", defaultValue = "fixed", paramLabel = "POLICY",
            description = "How every JVM broker sets its heap: 'fixed' (initial = --heap, every page touched at start:"
                    + " no heap growth or first page faults in a measured phase) or 'growing' (initial 512m, as the"
                    + " distributions start) (default: ${DEFAULT-VALUE}).")
    String heapPolicy;

    @Option(names = "--cpus", defaultValue = "shared", paramLabel = "PLACEMENT",
            description = "Which cores local brokers and the suite run on: 'shared' (every core, as the kernel"
                    + " places them) or 'split' (the brokers on the upper half of the cores, the suite on the lower"
                    + " half, by taskset: neither takes the other's core mid-phase; each has half the machine)"
                    + " (default: ${DEFAULT-VALUE}).")
    String cpus;

    @Option(names = "--start-timeout", defaultValue = "120", paramLabel = "SECONDS",
            description = "How long a broker may take to become ready (default: ${DEFAULT-VALUE}).")
    int startTimeoutSeconds;

    static final String RUNTIME_ENV = "BROKERBENCH_RUNTIME";
    static final String RUNTIME_PROPERTY = "brokerbench.runtime";
    private static final Pattern URL = Pattern.compile(
            "([a-z0-9]+)=([a-z][a-z0-9]*)(\\+tls)?://([^:/\\s]+):([0-9]{1,5})/?");

    @Option(names = "--runtime", paramLabel = "KIND",
            description = "How brokers run: auto (in a container where a Docker engine and the broker's image are"
                    + " available, otherwise a local process), local, container, or external (brokers you run"
                    + " elsewhere, given with --url). Default: $" + RUNTIME_ENV + ", else -D" + RUNTIME_PROPERTY
                    + ", else auto.")
    String runtime;

    @Option(names = "--image", paramLabel = "BROKER=IMAGE",
            description = "Container image of a broker, e.g. artemis=apache/activemq-artemis:2.44.0 (repeatable;"
                    + " default: the pinned official image if present, else the one docker/build-images.sh builds).")
    List<String> images = new ArrayList<>();

    @Option(names = "--url", paramLabel = "BROKER=PROTOCOL[+tls]://HOST:PORT",
            description = "An endpoint of an external broker, e.g. artemis=core://mq1:61616 or"
                    + " rabbitmq=amqp091+tls://mq2:5671 (over TLS: see --trust-store), or any other STOMP 1.2 server"
                    + " as stomp=stomp://HOST:PORT (broker id 'stomp') (repeatable; --runtime external only).")
    List<String> urls = new ArrayList<>();

    /** The catalog, with the generic STOMP server when a {@code --url} names it (it exists only then). */
    public Catalog withServersGivenByUrl(Catalog catalog) {
        return AnyStompServer.named(urls) ? catalog.with(AnyStompServer.registration()) : catalog;
    }

    private Map<String, Map<Protocol, Endpoint>> endpoints = Map.of();
    private Optional<RuntimeKind> kind = Optional.empty();

    /** The runtime asked for: the option, else the environment variable, else the system property, else auto. */
    private String runtimeValue() {
        if (runtime != null) {
            return runtime;
        }
        String env = System.getenv(RUNTIME_ENV);
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        return System.getProperty(RUNTIME_PROPERTY, "auto").trim();
    }

    /**
     * Checks --runtime, --image and --url against the catalog and the brokers selected; nothing is created. Every
     * external endpoint is reached with {@code credentials}, which must go somewhere: to the external brokers or to
     * a JMS provider ({@code providerGiven}); an endpoint given as {@code PROTOCOL+tls} over TLS with {@code tls}'
     * stores, which must go to at least one such endpoint.
     */
    void validateRuntime(CommandLine cli, Catalog catalog, List<String> selectedBrokers, Credentials credentials,
                         boolean providerGiven, TlsOptions tls) {
        try {
            kind = RuntimeChoice.parse(runtimeValue());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cli, "--runtime: " + e.getMessage());
        }
        // only brokers that run in containers have an image
        List<String> contained = catalog.runtimes(RuntimeKind.CONTAINER).stream().map(r -> r.broker().id())
                .distinct().toList();
        for (String image : images) {
            int eq = image.indexOf('=');
            if (eq <= 0 || eq == image.length() - 1 || !contained.contains(image.substring(0, eq))) {
                throw new ParameterException(cli, "--image: '" + image + "' is not BROKER=IMAGE with BROKER one of "
                        + String.join(", ", contained));
            }
        }
        if (!urls.isEmpty() && !kind.equals(Optional.of(RuntimeKind.EXTERNAL))) {
            throw new ParameterException(cli, "--url: only with --runtime external (the suite starts the brokers of"
                    + " the other runtimes itself)");
        }
        Map<String, Map<Protocol, Endpoint>> parsed = new LinkedHashMap<>();
        for (String url : urls) {
            Matcher m = URL.matcher(url.trim());
            if (!m.matches() || Integer.parseInt(m.group(5)) == 0 || Integer.parseInt(m.group(5)) > 65535) {
                throw new ParameterException(cli, "--url: '" + url + "' is not BROKER=PROTOCOL[+tls]://HOST:PORT,"
                        + " e.g. artemis=core://mq1:61616 or artemis=core+tls://mq1:61617");
            }
            BrokerDescriptor broker = catalog.broker(m.group(1)).filter(b -> b.role() == BrokerDescriptor.Role.BROKER)
                    .orElseThrow(() -> new ParameterException(cli, "--url: unknown broker '" + m.group(1)
                            + "'; allowed: " + String.join(", ", catalog.brokerIds())));
            Protocol protocol = new Protocol(m.group(2));
            if (!broker.offers(protocol)) {
                throw new ParameterException(cli, "--url: " + broker.displayName() + " has no protocol '" + m.group(2)
                        + "'; allowed: " + broker.protocols().stream().sorted().map(Protocol::name)
                        .collect(java.util.stream.Collectors.joining(", ")));
            }
            Endpoint endpoint = new Endpoint(protocol, m.group(4), Integer.parseInt(m.group(5)), credentials);
            parsed.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
                    .put(protocol, m.group(3) != null ? endpoint.with(tls.tls(cli)) : endpoint);
        }
        Optional<String> storeOption = tls.given();
        if (storeOption.isPresent() && parsed.values().stream().flatMap(e -> e.values().stream())
                .noneMatch(e -> e.tls().isPresent())) {
            throw new ParameterException(cli, storeOption.get() + ": the stores are for brokers reached over TLS:"
                    + " give --runtime external with --url BROKER=PROTOCOL+tls://HOST:PORT (a JMS provider given with"
                    + " --jndi takes TLS from its own settings in that file)");
        }
        if (credentials.user().isPresent() && parsed.isEmpty() && !providerGiven) {
            throw new ParameterException(cli, "--user: credentials are for a broker you run: give --jndi FILE or"
                    + " --runtime external with --url (the brokers the suite starts use each path's default)");
        }
        if (kind.equals(Optional.of(RuntimeKind.EXTERNAL))) {
            for (String id : selectedBrokers) {
                if (!parsed.containsKey(id) && !RuntimeChoice.configuredExternally(catalog, id)) {
                    throw new ParameterException(cli, "--url: --runtime external needs at least one URL for each"
                            + " broker selected; none for '" + id + "' (or narrow --broker)");
                }
            }
        }
        endpoints = parsed;
        network = networkOptions.path(cli, kind);
    }

    /** How each broker starts; applies --image overrides. Call after {@link #validateRuntime}. */
    RuntimeChoice runtimeChoice(Catalog catalog) {
        for (String image : images) {
            int eq = image.indexOf('=');
            System.setProperty(BrokerImages.PROPERTY_PREFIX + image.substring(0, eq), image.substring(eq + 1));
        }
        return new RuntimeChoice(catalog, kind, endpoints);
    }

    /** The runtime every broker runs in, empty for auto. Call after {@link #validateRuntime}. */
    Optional<RuntimeKind> runtimeKind() {
        return kind;
    }

    /** Rejects bad values before anything is created. */
    void validate(CommandLine cli) {
        if (!heap.matches("[1-9][0-9]*[mMgG]")) {
            throw new ParameterException(cli, "--heap: '" + heap + "' is not a heap size; use e.g. 512m or 2g");
        }
        OptionRange.check(cli, "--start-timeout", startTimeoutSeconds, 5, 3600);
        if (!cpus.equals("shared") && !cpus.equals("split")) {
            throw new ParameterException(cli, "--cpus: '" + cpus + "' is not a placement; use shared or split");
        }
        if (cpus.equals("split") && Runtime.getRuntime().availableProcessors() < 2) {
            throw new ParameterException(cli, "--cpus split: this machine has one core, nothing to split");
        }
        if (cpus.equals("split") && runtimeKind().orElse(null) != RuntimeKind.LOCAL) {
            throw new ParameterException(cli, "--cpus split places local broker processes: use it with --runtime"
                    + " local");
        }
        if (dev.brokerbench.core.broker.HeapPolicy.named(heapPolicy).isEmpty()) {
            throw new ParameterException(cli, "--heap-policy: '" + heapPolicy + "' is not a heap policy; use fixed or"
                    + " growing");
        }
    }

    BrokerEnvironment environment(Path workRoot) {
        return new BrokerEnvironment(distributionDir(), workRoot, Duration.ofSeconds(startTimeoutSeconds), heap,
                network, dev.brokerbench.core.broker.HeapPolicy.named(heapPolicy).orElseThrow(), cpuSplit());
    }

    /** The cores of the brokers and the suite as the options say. */
    dev.brokerbench.core.broker.CpuSplit cpuSplit() {
        return cpus.equals("split") ? dev.brokerbench.core.broker.CpuSplit.halves(
                Runtime.getRuntime().availableProcessors()) : dev.brokerbench.core.broker.CpuSplit.SHARED;
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
