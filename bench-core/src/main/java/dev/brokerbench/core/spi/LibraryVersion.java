package dev.brokerbench.core.spi;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** A client library's version from its Maven metadata, which survives shading (manifests do not). */
public final class LibraryVersion {
    private LibraryVersion() {
    }

    public static String of(String groupId, String artifactId) {
        return fromProperties("/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties");
    }

    /**
     * The {@code version} property of a properties resource the library ships (for a library built without Maven
     * metadata, e.g. kafka-clients' {@code /kafka/kafka-version.properties}); {@code unknown} when absent.
     */
    public static String fromProperties(String resource) {
        try (InputStream in = LibraryVersion.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
