package dev.brokerbench.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.ClientSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapabilitiesTest {
    /** A driver with calls only, as a broker-less request/reply baseline has. */
    private abstract static class CallsOnly implements Driver, Calls {
    }

    /** A path on {@code driverType} declaring {@code gaps}. */
    private record Path(Class<? extends Driver> driverType, Map<Capability, Support> gaps) implements DriverFactory {
        @Override
        public String id() {
            return "p";
        }

        @Override
        public String description() {
            return "a path";
        }

        @Override
        public Protocol protocol() {
            return Protocol.AMQP;
        }

        @Override
        public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void aFacetTheDriverLacksTakesItsCapabilitiesAway() {
        Map<Capability, Support> caps = Capabilities.of(new Path(CallsOnly.class, Map.of()));
        assertThat(caps).containsOnlyKeys(Capability.values());
        assertThat(caps.get(Capability.REQUEST_REPLY).supported()).isTrue();
        assertThat(caps.get(Capability.ONE_WAY).supported()).isTrue();
        assertThat(caps.get(Capability.PERSISTENT).supported()).isTrue();
        for (Capability missing : List.of(Capability.TOPICS, Capability.DURABLE_SUBSCRIPTIONS, Capability.SELECTORS)) {
            assertThat(caps.get(missing).supported()).as(missing.name()).isFalse();
            assertThat(caps.get(missing).reason()).as(missing.name()).startsWith("p's driver (CallsOnly) does not"
                    + " implement ");
        }
        assertThat(caps.get(Capability.SELECTORS).reason()).endsWith("Selectors");
    }

    @Test
    void aDeclaredGapGivesTheReasonOrTakesAwayAnImplementedFacet() {
        Support whyNot = Support.no("the library cannot");
        Map<Capability, Support> caps = Capabilities.of(new Path(CallsOnly.class,
                Map.of(Capability.TOPICS, whyNot, Capability.ONE_WAY, whyNot)));
        assertThat(caps.get(Capability.TOPICS)).as("the path's reason for a facet its driver lacks").isEqualTo(whyNot);
        assertThat(caps.get(Capability.ONE_WAY)).as("a gap on an implemented facet").isEqualTo(whyNot);
        assertThat(caps.get(Capability.REQUEST_REPLY).supported()).isTrue();
    }

    @Test
    void theLoopbackDriverHasEveryFacet() {
        assertThat(Capabilities.of(new Path(LoopbackDriver.class, Map.of())).values()).allMatch(Support::supported);
        LoopbackDriver driver = new LoopbackDriver(new LoopbackBroker(), false);
        assertThat(driver.facet(Topics.class)).containsSame(driver);
        assertThat(new ForwardingDriver(driver) { }.facet(Selectors.class)).as("a wrapper hands over the facet")
                .containsSame(driver);
    }

    @Test
    void aDriverWithoutAFacetSaysSoWhenOneIsRequired() {
        Driver driver = new ForwardingDriver(new LoopbackDriver(new LoopbackBroker(), false)) {
            @Override
            public <F extends Facet> java.util.Optional<F> facet(Class<F> facet) {
                return java.util.Optional.empty();
            }
        };
        assertThatThrownBy(() -> driver.require(Calls.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not implement Calls");
    }

    @Test
    void theCatalogRefusesAGapThatSaysSupported() {
        assertThatThrownBy(() -> new Catalog(List.of(), List.of(new Path(CallsOnly.class,
                Map.of(Capability.TOPICS, Support.YES)))))
                .hasMessage("client path 'p' lists TOPICS among its gaps as supported: a gap says what the path"
                        + " lacks, with the reason");
    }
}
