package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.Credentials;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;

/**
 * The user's connection factory as the suite uses it: every connection carries the user's credentials and is made with
 * the provider's class loader as the thread's context loader (providers load their own classes through it).
 */
final class ProviderConnectionFactory implements ConnectionFactory {
    private final ConnectionFactory provider;
    private final ClassLoader loader;
    private final Credentials credentials;

    ProviderConnectionFactory(ConnectionFactory provider, ClassLoader loader, Credentials credentials) {
        this.provider = provider;
        this.loader = loader;
        this.credentials = credentials;
    }

    /** The provider's own factory class (for the record). */
    Class<?> providerClass() {
        return provider.getClass();
    }

    private <T> T withLoader(ContextLoader.Call<T, JMSException> call) throws JMSException {
        return ContextLoader.call(loader, call);
    }

    private <T> T unchecked(ContextLoader.Call<T, JMSException> call) {
        try {
            return withLoader(call);
        } catch (JMSException e) {
            throw new jakarta.jms.JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
    }

    @Override
    public Connection createConnection() throws JMSException {
        return withLoader(() -> credentials.user().isPresent()
                ? provider.createConnection(credentials.user().get(), credentials.password().orElse(null))
                : provider.createConnection());
    }

    @Override
    public Connection createConnection(String userName, String password) throws JMSException {
        return withLoader(() -> provider.createConnection(userName, password));
    }

    @Override
    public JMSContext createContext() {
        return createContext(JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String password) {
        return unchecked(() -> provider.createContext(userName, password));
    }

    @Override
    public JMSContext createContext(String userName, String password, int sessionMode) {
        return unchecked(() -> provider.createContext(userName, password, sessionMode));
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return unchecked(() -> credentials.user().isPresent()
                ? provider.createContext(credentials.user().get(), credentials.password().orElse(null), sessionMode)
                : provider.createContext(sessionMode));
    }
}
