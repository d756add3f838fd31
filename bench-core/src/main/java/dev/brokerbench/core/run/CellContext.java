package dev.brokerbench.core.run;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.run.remote.ClientProcesses;
import dev.brokerbench.core.spi.Driver;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What every pass of one cell runs against, built once per cell: the client path's driver on the broker, the broker
 * as the cell sees it, and the cell's label.
 *
 * @param driver            the client path, connected to the cell's broker
 * @param brokerPid         the broker's process now, for its CPU time (a fault that restarts the broker changes it);
 *                          empty where it is not a process of this machine
 * @param label             e.g. {@code artemis/artemis-core-jms c1}
 * @param setupModes        publish modes the pair supports; a set-up (not reported) publish phase whose mode is
 *                          missing uses another one, and its result records the mode used
 * @param control           kills and restarts the broker for the workload's fault (measured pass only)
 * @param clientProcesses starts consumers in their own processes, for a fault that kills one; null where this
 *                          runner cannot (such a workload then fails with that reason)
 */
public record CellContext(Driver driver, Supplier<OptionalLong> brokerPid, String label, Set<PublishMode> setupModes,
                          BrokerControl control, ClientProcesses clientProcesses) {

    public CellContext {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(brokerPid, "brokerPid");
        Objects.requireNonNull(label, "label");
        EnumSet<PublishMode> modes = EnumSet.noneOf(PublishMode.class);
        modes.addAll(setupModes);
        setupModes = Collections.unmodifiableSet(modes); // in the enum's order: the first is the set-up's fallback
        Objects.requireNonNull(control, "control");
    }

    /** A cell on a broker this run does not control: no pid, every publish mode, no fault, no consumer processes. */
    public static CellContext of(Driver driver, String label) {
        return new CellContext(driver, OptionalLong::empty, label, EnumSet.allOf(PublishMode.class),
                BrokerControl.NONE, null);
    }

    /** This cell on a broker process whose CPU time is read from {@code pid}, asked again after a restart. */
    public CellContext withBrokerPid(Supplier<OptionalLong> pid) {
        return new CellContext(driver, pid, label, setupModes, control, clientProcesses);
    }

    /** This cell with only {@code modes} of publishing for its set-up phases. */
    public CellContext withSetupModes(Set<PublishMode> modes) {
        return new CellContext(driver, brokerPid, label, modes, control, clientProcesses);
    }

    /** This cell with a fault's broker control and consumer processes. */
    public CellContext withFaults(BrokerControl brokerControl, ClientProcesses processes) {
        return new CellContext(driver, brokerPid, label, setupModes, brokerControl, processes);
    }

    /** This cell under another label (e.g. a curve's search, shared by its points). */
    public CellContext withLabel(String other) {
        return new CellContext(driver, brokerPid, other, setupModes, control, clientProcesses);
    }

    /** This cell through another driver (e.g. one held back by a slowdown). */
    CellContext withDriver(Driver other) {
        return new CellContext(other, brokerPid, label, setupModes, control, clientProcesses);
    }
}
