package dev.brokerbench.core.spi;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * What a client path supports, worked out from what it is rather than said beside it: a capability a {@link Facet}
 * stands for is there only when the path's driver class implements that facet; the path's declared gaps ({@link
 * DriverFactory#gaps()}) then take away what its library cannot do or does differently, with the reason.
 */
public final class Capabilities {
    /** The capabilities each facet stands for. */
    private static final Map<Class<? extends Facet>, Set<Capability>> BY_FACET = Map.of(
            Topics.class, Set.of(Capability.TOPICS, Capability.DURABLE_SUBSCRIPTIONS),
            Selectors.class, Set.of(Capability.SELECTORS),
            Calls.class, Set.of(Capability.REQUEST_REPLY, Capability.ONE_WAY));

    private Capabilities() {
    }

    /** Every capability of {@code path}, with the reason for each it lacks. */
    public static Map<Capability, Support> of(DriverFactory path) {
        Map<Capability, Support> caps = new EnumMap<>(Capability.class);
        for (Capability c : Capability.values()) {
            caps.put(c, Support.YES);
        }
        BY_FACET.forEach((facet, capabilities) -> {
            if (!facet.isAssignableFrom(path.driverType())) {
                Support no = Support.no(path.id() + "'s driver (" + path.driverType().getSimpleName()
                        + ") does not implement " + facet.getSimpleName());
                capabilities.forEach(c -> caps.put(c, no));
            }
        });
        caps.putAll(path.gaps());
        return caps;
    }
}
