package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.broker.UnmanagedInstance;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The broker behind a user's JMS provider: external (the suite neither starts nor kills it, so fault workloads do not
 * run), reached only through its JNDI file. It was connected to and probed when the provider was opened.
 */
public final class JndiProviderRuntime implements BrokerRuntime {
    private static final Pattern HOST_PORT = Pattern.compile("//(?:[^@/]*@)?([^:/?,()]+):(\\d+)");
    private final BrokerDescriptor broker;
    private final JndiSettings jndi;

    JndiProviderRuntime(BrokerDescriptor broker, JndiSettings jndi) {
        this.broker = broker;
        this.jndi = jndi;
    }

    @Override
    public BrokerDescriptor broker() {
        return broker;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.EXTERNAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        return Optional.empty();
    }

    @Override
    public BrokerInstance start(BrokerEnvironment environment) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("provider", jndi.providerUrl() + " (from " + jndi.file() + ")");
        settings.put("persistence", "as configured by its operator (not controlled by the suite)");
        BrokerInfo info = new BrokerInfo(broker.id(), broker.displayName(), "unknown (external, through JNDI)", kind(),
                settings, 0);
        return new UnmanagedInstance(info, Map.of(JndiJms.JNDI, endpoint()),
                broker.displayName() + " (as given by --jndi)");
    }

    /** Host and port from the provider's URL where it has them (for the record; the path connects through JNDI). */
    private Endpoint endpoint() {
        Matcher m = HOST_PORT.matcher(jndi.providerUrl());
        return m.find() ? new Endpoint(JndiJms.JNDI, m.group(1), Integer.parseInt(m.group(2)))
                : new Endpoint(JndiJms.JNDI, "(jndi)", 0);
    }
}
