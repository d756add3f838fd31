package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.CredentialMask;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import javax.naming.Context;

/**
 * A provider's JNDI file (a jndi.properties): the initial context factory, the provider's URL and its own settings
 * (prefetch, confirmation, ...), passed to the InitialContext as written, and the connection factory's lookup name.
 *
 * @param file                  where it was read
 * @param environment           every key but {@value #LOOKUP}
 * @param connectionFactoryName what to look up: {@value #LOOKUP}, default {@code ConnectionFactory}
 */
public record JndiSettings(Path file, Map<String, String> environment, String connectionFactoryName) {
    /** The key naming the connection factory to look up. */
    public static final String LOOKUP = "brokerbench.connectionFactory";
    private static final String SECRET = "(given, not recorded)";

    public JndiSettings {
        environment = Map.copyOf(environment);
    }

    /** Reads {@code file}; an error naming {@code --jndi} when it is missing, unreadable or has no context factory. */
    public static JndiSettings read(Path file) throws ProviderSetupException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new ProviderSetupException("--jndi", "cannot read " + file + ": " + e.getMessage(), e);
        }
        Map<String, String> env = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> env.put(k, p.getProperty(k).trim()));
        String lookup = env.remove(LOOKUP);
        if (!env.containsKey(Context.INITIAL_CONTEXT_FACTORY)) {
            throw new ProviderSetupException("--jndi", file + " names no initial context factory ("
                    + Context.INITIAL_CONTEXT_FACTORY
                    + "=..., e.g. org.apache.qpid.jms.jndi.JmsInitialContextFactory)");
        }
        return new JndiSettings(file.toAbsolutePath(), env, lookup == null || lookup.isBlank() ? "ConnectionFactory"
                : lookup);
    }

    /** The InitialContext's environment. */
    Hashtable<String, Object> context() {
        return new Hashtable<>(environment);
    }

    public String contextFactory() {
        return environment.get(Context.INITIAL_CONTEXT_FACTORY);
    }

    /**
     * The provider's URL for the record, its password hidden ({@link CredentialMask}): the connection factory's
     * own entry (Artemis and Qpid JMS style {@code connectionFactory.NAME=URL}), else {@code java.naming.provider.url},
     * else the file's name.
     */
    public String providerUrl() {
        String suffix = "." + connectionFactoryName.toLowerCase(Locale.ROOT);
        return environment.entrySet().stream()
                .filter(e -> e.getKey().toLowerCase(Locale.ROOT).startsWith("connectionfactory")
                        && e.getKey().toLowerCase(Locale.ROOT).endsWith(suffix))
                .map(Map.Entry::getValue).findFirst()
                .or(() -> Optional.ofNullable(environment.get(Context.PROVIDER_URL)))
                .map(CredentialMask::mask).orElse("(in " + file.getFileName() + ")");
    }

    /** The settings as recorded with every result: credentials and passwords replaced by a note. */
    public Map<String, String> recorded() {
        Map<String, String> r = new TreeMap<>();
        environment.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            r.put(k, key.contains("credentials") || key.contains("password") ? SECRET : CredentialMask.mask(v));
        });
        return r;
    }
}
