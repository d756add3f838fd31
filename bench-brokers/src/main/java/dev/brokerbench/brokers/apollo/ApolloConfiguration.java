package dev.brokerbench.brokers.apollo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How brokerbench runs Apollo, said once: {@code apollo.xml} and {@code log4j.properties} beside this class are what
 * the local runtime writes into its instance base, what the container runtime copies into its container, and what
 * docker/apollo's image writes when started with no configuration of its own (docker/apollo/recipe puts the same
 * two files in the image). A LevelDB store with sync on (the BDB store loses acknowledged messages on kill -9), one
 * auto-detecting connector for AMQP 1.0, OpenWire and STOMP.
 */
public final class ApolloConfiguration {
    /** Where the connector binds and listens in the template: the image's start script fills them in as well. */
    static final String BIND = "@BIND@";
    static final String PORT = "@PORT@";

    private ApolloConfiguration() {
    }

    /** apollo.xml with its one connector on {@code bind:port}. */
    public static String xml(String bind, int port) {
        return resource("apollo.xml").replace(BIND, bind).replace(PORT, String.valueOf(port));
    }

    /** Apollo's log to the console (the suite keeps it in a file or the container's log). */
    public static String log4j() {
        return resource("log4j.properties");
    }

    /** The settings both Apollo runtimes record. */
    public static Map<String, String> settings(String heap) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("installation", "apollo-* 1.7.1 jars from Maven Central, Apollo CLI 'run', etc/apollo.xml");
        settings.put("persistence", "LevelDB, sync=true (log writes synced before the send is acknowledged)");
        settings.put("connector", "one auto-detecting connector (AMQP 1.0, OpenWire v8, STOMP)");
        settings.put("openwire", "tcp_no_delay=true (negotiated into the wire format; off by default, which held 10 KB"
                + " sync sends at 44 ms each: Nagle against delayed ACKs)");
        settings.put("heap", heap);
        return settings;
    }

    private static String resource(String name) {
        try (InputStream in = ApolloConfiguration.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("bench-brokers holds no " + name + " beside "
                        + ApolloConfiguration.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
