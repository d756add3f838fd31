package dev.brokerbench.brokers.artemis;

import dev.brokerbench.brokers.local.LocalCommand;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.process.Jvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Runs {@code artemis create} for an instance and reads back the settings it chose. */
public final class ArtemisInstaller {
    private static final Pattern WRITES = Pattern.compile("can make ([0-9.]+) writes per millisecond");

    private ArtemisInstaller() {
    }

    /** The unpacked distribution ({@code artemis/apache-artemis-VERSION}) under the broker-dist directory. */
    static Optional<Path> home(Path distributionDir) {
        Path parent = distributionDir.resolve("artemis");
        if (!Files.isDirectory(parent)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(parent)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("apache-artemis-"))
                    .filter(d -> Files.isRegularFile(d.resolve("lib").resolve("artemis-boot.jar")))
                    .sorted().reduce((a, b) -> b);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Creates the instance; returns the persistence settings it wrote. */
    static Map<String, String> create(Path home, Path instance, int port, String heap, Path log, Duration timeout)
            throws BrokerStartException {
        return create(home, instance, port, heap, log, timeout, List.of());
    }

    /**
     * Creates the instance with {@code more} of {@code artemis create}'s options (e.g. those of a replicated pair);
     * returns the persistence settings it wrote.
     */
    static Map<String, String> create(Path home, Path instance, int port, String heap, Path log, Duration timeout,
                                      List<String> more) throws BrokerStartException {
        String arch = System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch");
        List<String> command = new java.util.ArrayList<>(List.of(Jvm.javaExecutable(),
                "-Djava.library.path=" + home.resolve("bin/lib/linux-" + arch),
                "-Dartemis.home=" + home, "-cp", home.resolve("lib/artemis-boot.jar").toString(),
                "org.apache.activemq.artemis.boot.Artemis", "create", "--silent", "--force",
                "--user", "admin", "--password", "admin", "--allow-anonymous",
                "--host", "127.0.0.1", "--default-port", String.valueOf(port),
                "--no-amqp-acceptor", "--no-stomp-acceptor", "--no-hornetq-acceptor", "--no-mqtt-acceptor",
                "--no-web", "--java-memory", heap.toUpperCase()));
        command.addAll(more);
        command.add(instance.toString());
        LocalCommand.run("artemis create", command, instance.getParent(), log, timeout);
        refuseWrongCredentials(instance.resolve("etc/login.config"));
        try {
            Map<String, String> settings = settings(Files.readString(instance.resolve("etc/broker.xml"),
                    StandardCharsets.UTF_8), Files.readString(log, StandardCharsets.UTF_8));
            settings.put("login", "anonymous as guest; unknown credentials refused (credentialsInvalidate=true)");
            return settings;
        } catch (IOException e) {
            throw new BrokerStartException("artemis create wrote no readable broker.xml: " + e.getMessage(), e);
        }
    }

    /**
     * A connection without credentials logs in as the guest ({@code --allow-anonymous}), one with credentials the
     * broker does not know is refused (by default the guest module would let it in as well): what a provider with
     * real users does, so a wrong password is an error a run can report.
     */
    static void refuseWrongCredentials(Path loginConfig) throws BrokerStartException {
        try {
            String config = Files.readString(loginConfig, StandardCharsets.UTF_8);
            String guest = "GuestLoginModule sufficient";
            if (!config.contains(guest)) {
                throw new BrokerStartException("artemis create wrote no '" + guest + "' in " + loginConfig);
            }
            Files.writeString(loginConfig, config.replace(guest, guest + "\n       credentialsInvalidate=true"),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BrokerStartException("cannot rewrite " + loginConfig + ": " + e.getMessage(), e);
        }
    }

    /** The persistence settings in an instance's broker.xml, and the autotune figure from create's output. */
    public static Map<String, String> settings(String xml, String createOutput) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("installation", "artemis create (autotune) + bin/artemis run");
        for (String element : List.of("persistence-enabled", "journal-type", "journal-datasync",
                "journal-buffer-timeout", "journal-max-io", "journal-file-size", "journal-min-files",
                "journal-pool-files", "page-sync-timeout", "global-max-size", "global-max-messages")) {
            Matcher m = Pattern.compile("^\\s*<" + element + ">([^<]*)</" + element + ">", Pattern.MULTILINE)
                    .matcher(xml);
            s.put(element, m.find() ? m.group(1).trim() : "default");
        }
        if ("default".equals(s.get("global-max-size"))) {
            s.put("global-max-size", "default (half of -Xmx); address-full-policy PAGE");
        }
        Matcher writes = WRITES.matcher(createOutput);
        if (writes.find()) {
            s.put("autotune", writes.group(1) + " fsync'd writes per ms measured by artemis create");
        }
        s.put("persistence", "journal " + s.get("journal-type") + ", datasync " + s.get("journal-datasync")
                + ", buffer-timeout " + s.get("journal-buffer-timeout") + " ns (artemis create autotune)");
        return s;
    }
}
