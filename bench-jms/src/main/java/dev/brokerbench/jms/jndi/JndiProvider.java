package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.run.ErrorLog;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import jakarta.jms.ConnectionFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;

/**
 * A JMS provider the user brings, with no code change: its jars, its JNDI file, the credentials. {@link #open} loads,
 * looks up, connects and probes it, and gives the broker and the client path the run registers beside the built-in
 * ones.
 *
 * @param broker the broker behind the provider
 * @param path   the client path through its connection factory
 */
public record JndiProvider(JndiProviderRuntime broker, JndiJms path) {

    /**
     * Opens the provider.
     *
     * @param id          the broker's id in results and on the command line
     * @param jars        jar files or directories of jars (the provider and its dependencies)
     * @param jndi        the JNDI file
     * @param credentials for every connection
     * @throws ProviderSetupException naming the option at fault, before anything is written
     */
    public static JndiProvider open(String id, List<Path> jars, JndiSettings jndi, Credentials credentials)
            throws ProviderSetupException {
        BrokerDescriptor descriptor;
        try {
            descriptor = BrokerDescriptor.broker(id, id + " (JMS provider through JNDI)", JndiJms.JNDI);
        } catch (IllegalArgumentException e) {
            throw new ProviderSetupException("--provider-name", e.getMessage(), e);
        }
        ProviderClassLoader loader;
        try {
            loader = ProviderClassLoader.of(jars);
        } catch (IllegalArgumentException e) {
            throw new ProviderSetupException("--provider-jar", e.getMessage(), e);
        }
        // the loader stays open for the life of the JVM, even when opening fails: the provider may have started
        // threads (I/O event loops) that still load its classes while they wind down
        ConnectionFactory found = bounded("the JNDI lookup of " + jndi.file().getFileName(),
                () -> lookup(loader, jndi));
        ProviderConnectionFactory factory = new ProviderConnectionFactory(found, loader, credentials);
        Map<Capability, Support> caps = bounded("the provider's first connection and probe",
                () -> ProviderProbe.probe(factory, jndi));
        return new JndiProvider(new JndiProviderRuntime(descriptor, jndi),
                new JndiJms(jndi, factory, loader.jars(), credentials, caps));
    }

    /** How long the lookup, and the first connection with its probe, may take before the provider is refused. */
    public static final java.time.Duration SETUP_TIMEOUT = java.time.Duration.ofSeconds(30);

    private interface SetupStep<T> {
        T call() throws ProviderSetupException;
    }

    /**
     * {@code step}, on a thread of its own, given {@link #SETUP_TIMEOUT}: an LDAP or failover URL that never answers
     * must not hang the CLI (the thread is left to the provider; the JVM does not wait for it).
     */
    private static <T> T bounded(String what, SetupStep<T> step) throws ProviderSetupException {
        java.util.concurrent.FutureTask<T> task = new java.util.concurrent.FutureTask<>(step::call);
        Thread thread = new Thread(task, "jndi-setup");
        thread.setDaemon(true);
        thread.start();
        try {
            return task.get(SETUP_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            thread.interrupt();
            throw new ProviderSetupException("--jndi", what + " did not finish within " + SETUP_TIMEOUT.toSeconds()
                    + " s (a provider URL that does not answer?)", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof ProviderSetupException setup) {
                throw setup;
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new ProviderSetupException("--jndi", what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderSetupException("--jndi", what + " was interrupted", e);
        }
    }

    private static ConnectionFactory lookup(ProviderClassLoader loader, JndiSettings jndi)
            throws ProviderSetupException {
        try {
            Object found = ContextLoader.call(loader, () -> {
                Context context = new InitialContext(jndi.context());
                try {
                    return context.lookup(jndi.connectionFactoryName());
                } finally {
                    close(context);
                }
            });
            if (found instanceof ConnectionFactory factory) {
                return factory;
            }
            boolean javax = implementsJavax(found.getClass());
            throw new ProviderSetupException("--jndi", "'" + jndi.connectionFactoryName() + "' in "
                    + jndi.file().getFileName() + " is a " + found.getClass().getName() + ", not a"
                    + " jakarta.jms.ConnectionFactory" + (javax ? " (a javax.jms provider: the suite speaks Jakarta"
                    + " Messaging 3; use the provider's jakarta client)" : ""));
        } catch (NameNotFoundException e) {
            throw new ProviderSetupException("--jndi", "no '" + jndi.connectionFactoryName() + "' bound by "
                    + jndi.file().getFileName() + " (set " + JndiSettings.LOOKUP + "=NAME to the connection factory's"
                    + " name): " + e.getMessage(), e);
        } catch (NamingException e) {
            boolean missingClass = causes(e, ClassNotFoundException.class) || causes(e, NoClassDefFoundError.class);
            throw missingClass
                    ? new ProviderSetupException("--provider-jar", "the initial context factory "
                    + jndi.contextFactory() + " (or a class it needs) is not in the jars given: "
                    + ErrorLog.describe(e), e)
                    : new ProviderSetupException("--jndi", "JNDI lookup of '" + jndi.connectionFactoryName()
                    + "' with " + jndi.file().getFileName() + " failed: " + ErrorLog.describe(e), e);
        } catch (LinkageError e) {
            throw new ProviderSetupException("--provider-jar", "the provider's classes do not load from the jars"
                    + " given: " + ErrorLog.describe(e), e);
        }
    }

    private static void close(Context context) {
        try {
            context.close();
        } catch (NamingException ignored) {
            // the lookup's answer stands; the context is not needed again
        }
    }

    private static boolean implementsJavax(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().startsWith("javax.jms.")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean causes(Throwable e, Class<? extends Throwable> type) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
