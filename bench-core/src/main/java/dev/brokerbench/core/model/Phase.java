package dev.brokerbench.core.model;

import java.util.Objects;

/**
 * One step of a workload. Publish phases fill the queue, consume phases drain it; they never overlap.
 *
 * @param name     label used in results and charts
 * @param action   publish or consume
 * @param mode     publish mode; {@code null} for consume phases
 * @param reported whether this phase is the case's headline figure (others are setup or verification)
 */
public record Phase(String name, Action action, PublishMode mode, boolean reported) {
    public Phase {
        InvalidConfigException.check(name != null && !name.isBlank(), "phases[].name", "must be set", name);
        Objects.requireNonNull(action, "phase action");
        InvalidConfigException.check(action == Action.PUBLISH ? mode != null : mode == null,
                "phases[" + name + "].mode", action == Action.PUBLISH
                        ? "is required for a publish phase (sync or async)"
                        : "must not be set on a consume phase", mode);
    }

    public String label() {
        return action == Action.PUBLISH ? name + " (" + mode.name().toLowerCase() + ")" : name;
    }
}
