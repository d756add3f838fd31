package dev.brokerbench.baselines.zeromq;

import dev.brokerbench.baselines.BaselinePath;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Requester;
import java.io.InputStream;
import java.util.Properties;

/** Calls the ZeroMQ baseline server through JeroMQ (pure-Java ZeroMQ): a DEALER socket per client. */
public final class JeroMqPath extends BaselinePath {
    static final String LIBRARY_NAME = "JeroMQ";

    @Override
    public String id() {
        return "jeromq";
    }

    @Override
    public String description() {
        return "Broker-less baseline: ZeroMQ request/reply through JeroMQ (DEALER clients, ROUTER server)";
    }

    @Override
    public Protocol protocol() {
        return ZeroMqBaseline.ZMTP;
    }

    @Override
    protected Requester connect(Endpoint endpoint) {
        return new ZeroMqRequester(endpoint);
    }

    private static final int STATS_ASKS = 6;

    /**
     * Asks on one socket, again every 5 s, for up to 30 s. In CI a fresh DEALER socket's first request once went
     * unanswered for 10 s, and three fresh sockets in a row for 15 s: JeroMQ had left the new connection unregistered
     * with its selector (see {@link ZeroMqRequester#HANDSHAKE_MILLIS}, which now redoes such a connection after 1 s).
     * A late answer to an earlier ask is as good: the calls are over, the count no longer moves.
     */
    @Override
    protected long stats(Endpoint endpoint) {
        ZeroMqRequester socket = new ZeroMqRequester(endpoint);
        try {
            for (int attempt = 0; attempt < STATS_ASKS; attempt++) {
                Long count = socket.stats(5_000);
                if (count != null) {
                    return count;
                }
            }
        } finally {
            socket.close();
        }
        throw new IllegalStateException("the ZeroMQ baseline server did not answer its stats call (" + STATS_ASKS
                + " x 5 s)");
    }

    @Override
    protected String library() {
        return "org.zeromq:jeromq";
    }

    @Override
    protected String libraryVersion() {
        return version();
    }

    /** JeroMQ's version from its jar's Maven metadata. */
    static String version() {
        try (InputStream in = JeroMqPath.class.getResourceAsStream("/META-INF/maven/org.zeromq/jeromq/pom.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    @Override
    protected ClientSettings settings(Endpoint endpoint) {
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, "tcp://" + endpoint.hostAndPort());
        settings.own("client", "DEALER socket per client, one shared ZContext (1 I/O thread); frames"
                + " [empty][id][payload]");
        settings.own("server", "ROUTER answered by one thread, in its own process");
        return settings;
    }
}
