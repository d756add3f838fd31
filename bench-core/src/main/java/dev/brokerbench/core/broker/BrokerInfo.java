package dev.brokerbench.core.broker;

import java.util.Map;

/**
 * What ran: recorded with every result.
 *
 * @param brokerId          e.g. {@code artemis}
 * @param displayName       e.g. {@code ActiveMQ Artemis}
 * @param version           as the broker reported it at start
 * @param runtime           {@code local}, {@code container} or {@code external}
 * @param settings          persistence, fsync, memory and journal settings in force
 * @param startToReadyMillis from process start to the first successful protocol-level probe
 */
public record BrokerInfo(String brokerId, String displayName, String version, String runtime,
                         Map<String, String> settings, long startToReadyMillis) {
    public BrokerInfo {
        settings = Map.copyOf(settings);
    }
}
