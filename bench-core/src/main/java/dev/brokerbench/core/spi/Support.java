package dev.brokerbench.core.spi;

/**
 * Whether a pair supports a capability, and if not, why.
 *
 * @param level  supported, unsupported, or not equivalent (works, but not the way the comparison defines it)
 * @param reason empty when supported
 */
public record Support(Level level, String reason) {
    public enum Level { SUPPORTED, UNSUPPORTED, NOT_EQUIVALENT }

    public static final Support YES = new Support(Level.SUPPORTED, "");

    public static Support no(String reason) {
        return new Support(Level.UNSUPPORTED, reason);
    }

    public static Support notEquivalent(String reason) {
        return new Support(Level.NOT_EQUIVALENT, reason);
    }

    /** Every capability supported: the starting point for a client path that then declares its gaps. */
    public static java.util.Map<Capability, Support> all() {
        java.util.Map<Capability, Support> all = new java.util.EnumMap<>(Capability.class);
        for (Capability c : Capability.values()) {
            all.put(c, YES);
        }
        return all;
    }

    public boolean supported() {
        return level == Level.SUPPORTED;
    }
}
