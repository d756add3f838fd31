package dev.brokerbench.core.model;

import java.util.Objects;

/**
 * One step of a workload. Publish phases fill the queue, consume phases drain it, one after the other; a live phase
 * does both at once.
 *
 * @param name     label used in results and charts
 * @param action   publish or consume
 * @param mode     publish mode of a publish or live phase; {@code null} otherwise
 * @param reported whether this phase is the case's headline figure (others are setup or verification)
 */
public record Phase(String name, Action action, PublishMode mode, boolean reported) {
    public Phase {
        InvalidConfigException.check(name != null && !name.isBlank(), "phases[].name", "must be set", name);
        Objects.requireNonNull(action, "phase action");
        InvalidConfigException.check(action.publishes() ? mode != null : mode == null,
                "phases[" + name + "].mode", action.publishes()
                        ? "is required for a " + action.name().toLowerCase() + " phase (" + MODES.get(action) + ")"
                        : "must not be set on a " + action.name().toLowerCase() + " phase", mode);
        InvalidConfigException.check(action != Action.LIVE || mode != PublishMode.TRANSACTED,
                "phases[" + name + "].mode", "must be one of " + MODES.get(Action.LIVE) + " for a live phase"
                        + " (transactions are a publish phase's)", "transacted");
    }

    /** The publish modes each publishing action takes, for error messages. */
    private static final java.util.Map<Action, String> MODES = java.util.Map.of(
            Action.PUBLISH, "sync, async, unconfirmed or transacted", Action.LIVE, "sync, async or unconfirmed");

    /**
     * Whether this phase must run in its own publish mode: the reported phase, and a transacted one (its transactions
     * and rollbacks are part of the case); any other set-up publish may run in a mode the pair has.
     */
    public boolean keepsItsMode() {
        return reported || mode == PublishMode.TRANSACTED;
    }

    public String label() {
        return action.publishes() ? name + " (" + mode.name().toLowerCase() + ")" : name;
    }

    /**
     * This phase as run on a pair that confirms publishes in {@code setupModes}: a set-up publish in a mode the pair
     * lacks, if it may change it ({@link #keepsItsMode}), in one the pair has; else itself.
     */
    public Phase runIn(java.util.Set<PublishMode> setupModes) {
        if (action != Action.PUBLISH || keepsItsMode() || setupModes.contains(mode) || setupModes.isEmpty()) {
            return this;
        }
        return new Phase(name, action, setupModes.iterator().next(), false);
    }
}
