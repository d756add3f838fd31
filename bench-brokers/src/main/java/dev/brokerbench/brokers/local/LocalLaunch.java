package dev.brokerbench.brokers.local;

import dev.brokerbench.brokers.probe.ReadinessProbe;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.gc.GcLogReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How to run one prepared broker instance as a local process; the same launch serves start and restart.
 *
 * @param command        full command line
 * @param environment    extra environment variables
 * @param workDir        working directory (the instance's own directory)
 * @param consoleLog     where the process's stdout and stderr are appended
 * @param brokerLog      the broker's own log (tailed on failure, searched for the version)
 * @param probeEndpoint  where readiness is probed
 * @param probe          the protocol-level readiness probe
 * @param guarded        the command runs under the lifeline {@code Guard} (brokers that are not JVMs): the broker's
 *                       pid is the guard's child
 * @param versionPattern the broker's "started" line in {@code brokerLog}; group 1 is its version. Ready means the
 *                       probe succeeded and this line was written
 * @param runningFacts   what the running broker says of itself (see {@link #withRunningFacts})
 * @param gcLog          the GC log the broker's JVM writes ({@link GcLogReader#option} on its command line); null for
 *                       a broker that is not a JVM
 */
public record LocalLaunch(List<String> command, Map<String, String> environment, Path workDir, Path consoleLog,
                          Path brokerLog, Endpoint probeEndpoint, ReadinessProbe probe, Pattern versionPattern,
                          boolean guarded, Map<String, Pattern> runningFacts, Path gcLog) {

    /** The name of a JVM broker's GC log in its instance directory. */
    public static final String GC_LOG = "gc.log";

    /** Without facts read back from the log. */
    public LocalLaunch(List<String> command, Map<String, String> environment, Path workDir, Path consoleLog,
                       Path brokerLog, Endpoint probeEndpoint, ReadinessProbe probe, Pattern versionPattern,
                       boolean guarded) {
        this(command, environment, workDir, consoleLog, brokerLog, probeEndpoint, probe, versionPattern, guarded,
                Map.of(), null);
    }

    /**
     * The same launch, recording what the running broker says of itself: each pattern's first group, found in the
     * broker's or console log once it is ready, becomes the setting {@code "<name> (as running)"} (e.g. the journal
     * type Artemis actually uses, which can fall back from ASYNCIO to NIO).
     */
    public LocalLaunch withRunningFacts(Map<String, Pattern> facts) {
        return new LocalLaunch(command, environment, workDir, consoleLog, brokerLog, probeEndpoint, probe,
                versionPattern, guarded, Map.copyOf(facts), gcLog);
    }

    /**
     * The same launch, recording the GC log its command line has the broker's JVM write ({@link GcLogReader#option}
     * of {@code file}, which the runtime puts on it), so that each cell's pauses can be read.
     */
    public LocalLaunch withGcLog(Path file) {
        return new LocalLaunch(command, environment, workDir, consoleLog, brokerLog, probeEndpoint, probe,
                versionPattern, guarded, runningFacts, file);
    }

    /** A launch of a JVM broker (its lifeline is the java agent on its command line). */
    public LocalLaunch(List<String> command, Map<String, String> environment, Path workDir, Path consoleLog,
                       Path brokerLog, Endpoint probeEndpoint, ReadinessProbe probe, Pattern versionPattern) {
        this(command, environment, workDir, consoleLog, brokerLog, probeEndpoint, probe, versionPattern, false);
    }
}
