package dev.brokerbench.core.broker;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What every runtime needs to start a broker.
 *
 * @param distributionDir where the build unpacked the broker distributions ({@code broker-dist/})
 * @param workRoot        parent of each broker's own data directory; deleted when the suite stops
 * @param startTimeout    how long a broker may take to become ready
 * @param heap            JVM heap for JVM brokers, e.g. {@code 2g} (the same for every broker)
 */
public record BrokerEnvironment(Path distributionDir, Path workRoot, Duration startTimeout, String heap) {
}
