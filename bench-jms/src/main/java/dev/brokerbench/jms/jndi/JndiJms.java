package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Support;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The client path of a JMS provider the user brings: its connection factory from the user's JNDI file, its classes
 * from the user's jars ({@link ProviderClassLoader}), its capabilities probed before the run ({@link ProviderProbe}).
 * Prefetch and confirmation are the provider's settings in the JNDI file, recorded as given: the suite cannot set
 * them in a library it does not know, so its cells say "as configured" where they depend on them.
 */
public final class JndiJms extends JmsDriverFactory {
    /** Whatever the provider speaks, reached through JNDI. */
    public static final Protocol JNDI = new Protocol("jndi");
    private final JndiSettings jndi;
    private final ProviderConnectionFactory factory;
    private final List<Path> jars;
    private final Credentials credentials;
    private final Map<Capability, Support> capabilities;

    JndiJms(JndiSettings jndi, ProviderConnectionFactory factory, List<Path> jars, Credentials credentials,
            Map<Capability, Support> capabilities) {
        this.jndi = jndi;
        this.factory = factory;
        this.jars = List.copyOf(jars);
        this.credentials = credentials;
        this.capabilities = Map.copyOf(capabilities);
    }

    @Override
    public String id() {
        return "jndi";
    }

    @Override
    public String description() {
        return "Jakarta Messaging through the user's JNDI file and provider jars (" + jndi.contextFactory() + ")";
    }

    @Override
    public Protocol protocol() {
        return JNDI;
    }

    @Override
    protected String library() {
        return factory.providerClass().getName() + " from " + jars.stream().map(p -> p.getFileName().toString())
                .collect(Collectors.joining(", "));
    }

    @Override
    protected String libraryVersion() {
        return Optional.ofNullable(factory.providerClass().getPackage().getImplementationVersion()).orElse("unknown");
    }

    @Override
    protected AsyncSend asyncSend() {
        return capabilities.get(Capability.ASYNC_WINDOWED_PUBLISH).supported() ? AsyncSend.JMS2 : null;
    }

    @Override
    protected Map<Capability, Support> providerGaps() {
        Map<Capability, Support> gaps = new java.util.EnumMap<>(Capability.class);
        capabilities.forEach((capability, support) -> {
            if (!support.supported()) {
                gaps.put(capability, support);
            }
        });
        return gaps;
    }

    /** Never called: a provider's endpoint carries no credentials; its factory logs in as --user says. */
    @Override
    protected void logIn(jakarta.jms.ConnectionFactory factory, Credentials credentials) {
        throw new IllegalStateException("a JNDI provider logs in through its own connection factory");
    }

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        ClientSettings settings = new ClientSettings();
        settings.own("parity", "as configured: prefetch, confirmation and reconnection are the provider's settings"
                + " in " + jndi.file().getFileName() + ", recorded below as given");
        settings.set(ClientSetting.PREFETCH, "as configured in " + jndi.file().getFileName());
        settings.own("jndi file", jndi.file().toString());
        settings.own("connection factory", jndi.connectionFactoryName() + " (" + factory.providerClass().getName()
                + ")");
        settings.own("connection factory loaded from", String.valueOf(
                factory.providerClass().getProtectionDomain().getCodeSource().getLocation()));
        settings.set(ClientSetting.CREDENTIALS, credentials.describe());
        settings.own("provider jars", jars.stream().map(Path::toString).collect(Collectors.joining(", ")));
        settings.own("class loader", "the provider's jars only, sharing the jakarta.jms API with the suite");
        jndi.recorded().forEach((k, v) -> settings.own("jndi " + k, v));
        return new Configured(factory, jndi.providerUrl(), settings);
    }
}
