package dev.brokerbench.app.cli;

import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.spi.DriverFactory;
import java.util.Arrays;
import java.util.stream.Collectors;
import dev.brokerbench.jms.jndi.JndiProvider;
import dev.brokerbench.jms.jndi.JndiSettings;
import dev.brokerbench.jms.jndi.ProviderSetupException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * A JMS provider the user brings (any Jakarta Messaging 3 provider with a JNDI context): its jars, its JNDI file and
 * the credentials. With {@code --jndi}, the run gains one broker (id {@code --provider-name}) and its client path
 * {@code jndi}, probed before anything is written.
 */
public final class ProviderOptions {
    static final String PASSWORD_ENV = "--password-env";

    @Option(names = "--jndi", paramLabel = "FILE",
            description = "A JMS provider's jndi.properties: java.naming.factory.initial, the provider URL and its"
                    + " settings (prefetch, confirmation) as the provider names them; brokerbench.connectionFactory="
                    + "NAME picks the connection factory (default ConnectionFactory). Adds the broker --provider-name"
                    + " with the client path jndi.")
    Path jndi;

    @Option(names = "--provider-jar", paramLabel = "PATH",
            description = "The provider's jars: jar files or directories of jars, loaded apart from the suite's own"
                    + " client libraries (repeatable; with --jndi).")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--provider-name", defaultValue = "provider", paramLabel = "ID",
            description = "The provider's broker id in results and --broker (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--user", paramLabel = "NAME",
            description = "The user that connections to a broker you run log in as: the JMS provider (--jndi) and"
                    + " every external broker (--runtime external --url).")
    String user;

    @Option(names = PASSWORD_ENV, paramLabel = "VAR",
            description = "The environment variable holding the password (never printed or stored).")
    String passwordEnv;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "A file holding the password on its first line (never printed or stored).")
    Path passwordFile;

    @Option(names = SASL_MECHANISM, paramLabel = "NAME",
            description = "The SASL mechanism to log in with, for the client paths that let a client choose (Kafka's,"
                    + " where the default is PLAIN; qpid-jms, where the default is the best the broker offers): "
                    + "PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512 (with --user).")
    String saslMechanism;

    static final String SASL_MECHANISM = "--sasl-mechanism";

    /** The catalog with the provider added, or as it is without {@code --jndi}; an error naming the option at fault. */
    Catalog apply(CommandLine cli, Catalog catalog) {
        Optional<JndiProvider> provider = open(cli, catalog);
        return provider.map(p -> catalog.with(p.broker(), p.path())).orElse(catalog);
    }

    private Optional<JndiProvider> open(CommandLine cli, Catalog catalog) {
        if (jndi == null) {
            if (!jars.isEmpty()) {
                throw new ParameterException(cli, "--provider-jar: the jars of a provider given with --jndi FILE; no"
                        + " --jndi given");
            }
            return Optional.empty();
        }
        if (jars.isEmpty()) {
            throw new ParameterException(cli, "--provider-jar: --jndi needs the provider's jars (files or directories)");
        }
        if (catalog.broker(name).isPresent() || catalog.baselineIds().contains(name)) {
            throw new ParameterException(cli, "--provider-name: '" + name + "' is a built-in broker; choose another"
                    + " id (lower-case letters, digits and '-')");
        }
        if (credentials(cli).mechanism().isPresent()) {
            throw new ParameterException(cli, SASL_MECHANISM + ": a JMS provider given with --jndi chooses its SASL"
                    + " mechanism as its own settings in the JNDI file say");
        }
        try {
            return Optional.of(JndiProvider.open(name, jars, JndiSettings.read(jndi), credentials(cli)));
        } catch (ProviderSetupException e) {
            throw new ParameterException(cli, e.option() + ": " + e.getMessage());
        }
    }

    private Credentials credentials;

    /** True when {@code --jndi} names a provider. */
    boolean given() {
        return jndi != null;
    }

    /** The credentials given, {@link Credentials#NONE} when none; an error naming the option at fault. */
    Credentials credentials(CommandLine cli) {
        if (credentials == null) {
            credentials = read(cli);
        }
        return credentials;
    }

    private Credentials read(CommandLine cli) {
        Optional<String> password = Secret.read(cli, PASSWORD_ENV, passwordEnv, "--password-file", passwordFile);
        if (password.isPresent() && user == null) {
            throw new ParameterException(cli, "--user: a password was given without a user");
        }
        Optional<SaslMechanism> mechanism = Optional.ofNullable(saslMechanism).map(name -> SaslMechanism.named(name)
                .orElseThrow(() -> new ParameterException(cli, SASL_MECHANISM + ": '" + name + "' is not one of "
                        + Arrays.stream(SaslMechanism.values()).map(SaslMechanism::wireName)
                        .collect(Collectors.joining(", ")))));
        if (mechanism.isPresent() && user == null) {
            throw new ParameterException(cli, SASL_MECHANISM + ": a SASL mechanism logs a user in; give --user with"
                    + " it");
        }
        return new Credentials(Optional.ofNullable(user), password, mechanism);
    }

    /**
     * A SASL mechanism is for paths that can be told one: any other selected path is an error naming those that
     * can, so that no path logs in otherwise than asked.
     */
    static void checkMechanism(CommandLine cli, Credentials credentials, List<DriverFactory> paths,
                               Catalog catalog) {
        if (credentials.mechanism().isEmpty()) {
            return;
        }
        SaslMechanism mechanism = credentials.mechanism().get();
        List<String> cannot = paths.stream().filter(p -> !p.saslMechanisms().contains(mechanism))
                .map(DriverFactory::id).distinct().toList();
        if (!cannot.isEmpty()) {
            throw new ParameterException(cli, SASL_MECHANISM + ": client path" + (cannot.size() > 1 ? "s " : " ")
                    + String.join(", ", cannot) + " cannot be told a SASL mechanism; paths that can log in with "
                    + mechanism + ": " + catalog.paths().stream().filter(p -> p.saslMechanisms().contains(mechanism))
                    .map(DriverFactory::id).collect(Collectors.joining(", ")) + " (narrow --client)");
        }
    }
}
