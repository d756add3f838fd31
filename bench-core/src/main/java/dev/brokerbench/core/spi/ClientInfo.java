package dev.brokerbench.core.spi;

import dev.brokerbench.core.io.Required;
import java.util.Map;

/**
 * What a driver really used, recorded with every result.
 *
 * @param clientPath id of the client path (e.g. {@code artemis-core-jms})
 * @param library    client library (e.g. {@code org.apache.activemq:artemis-jakarta-client})
 * @param version    its version as the library reports it
 * @param settings   effective parity settings after conversion (prefetch in the library's unit, confirm window,
 *                   ack mode, connection URL ...), by {@link ClientSetting#key()} or a path's own name
 */
public record ClientInfo(@Required String clientPath, @Required String library, @Required String version,
                         Map<String, String> settings) {
    public ClientInfo {
        settings = Map.copyOf(settings);
    }

    public ClientInfo(String clientPath, String library, String version, ClientSettings settings) {
        this(clientPath, library, version, settings.asMap());
    }
}
