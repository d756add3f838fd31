package dev.brokerbench.core.broker;

import dev.brokerbench.core.io.Required;
import java.util.Map;

/**
 * What ran: recorded with every result.
 *
 * @param brokerId          e.g. {@code artemis}
 * @param displayName       e.g. {@code ActiveMQ Artemis}
 * @param version           as the broker reported it at start
 * @param runtime           how it ran
 * @param settings          persistence, fsync, memory and journal settings in force
 * @param startToReadyMillis from process (or container) start to the first successful protocol-level probe
 * @param image             the container image as named ({@code container} runtime only, else null)
 * @param imageId           the image's content id, {@code sha256:...} ({@code container} runtime only, else null)
 */
public record BrokerInfo(@Required String brokerId, @Required String displayName, @Required String version,
                         @Required RuntimeKind runtime, Map<String, String> settings, long startToReadyMillis,
                         String image, String imageId) {
    public BrokerInfo {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }

    /** A broker that is not a container. */
    public BrokerInfo(String brokerId, String displayName, String version, RuntimeKind runtime,
                      Map<String, String> settings, long startToReadyMillis) {
        this(brokerId, displayName, version, runtime, settings, startToReadyMillis, null, null);
    }
}
