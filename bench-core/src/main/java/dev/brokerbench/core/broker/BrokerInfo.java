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

    /**
     * The setting in which a container broker says how it was last paused: "frozen" (the engine's freezer, perhaps
     * at a later attempt), or "SIGSTOP ..." (from the host, where the engine refused to freeze it).
     */
    public static final String LAST_PAUSE = "last pause";

    /** Whether the last pause of this broker stood it still by the engine's freezer (a container the engine froze). */
    public boolean frozenByEngine() {
        return runtime == RuntimeKind.CONTAINER && settings.getOrDefault(LAST_PAUSE, "frozen").startsWith("frozen");
    }

    /** A broker that is not a container. */
    public BrokerInfo(String brokerId, String displayName, String version, RuntimeKind runtime,
                      Map<String, String> settings, long startToReadyMillis) {
        this(brokerId, displayName, version, runtime, settings, startToReadyMillis, null, null);
    }
}
