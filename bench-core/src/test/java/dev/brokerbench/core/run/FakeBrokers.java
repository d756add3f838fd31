package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/** Brokers and a client path made up for a matrix run's tests: what they do is what the test says. */
final class FakeBrokers {
    private FakeBrokers() {
    }

    /** A client path whose drivers {@code create} makes, given the broker's id. */
    static DriverFactory path(Function<String, Driver> create) {
        return new DriverFactory() {
            @Override
            public String id() {
                return "fake";
            }

            @Override
            public String description() {
                return "the test's own drivers";
            }

            @Override
            public Protocol protocol() {
                return Protocol.CORE;
            }

            @Override
            public Class<? extends Driver> driverType() {
                return Driver.class;
            }

            @Override
            public Map<Capability, Support> gaps() {
                return Map.of();
            }

            @Override
            public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
                return create.apply(brokerId);
            }
        };
    }

    interface Check {
        Optional<String> reason();
    }

    interface Start {
        BrokerInstance start() throws BrokerStartException;
    }

    record Runtime(String id, Check check, Start starter) implements BrokerRuntime {
        @Override
        public BrokerDescriptor broker() {
            return BrokerDescriptor.broker(id, id, Protocol.CORE);
        }

        @Override
        public RuntimeKind kind() {
            return RuntimeKind.LOCAL;
        }

        @Override
        public Optional<String> unavailableReason(BrokerEnvironment environment) {
            return check.reason();
        }

        @Override
        public BrokerInstance start(BrokerEnvironment environment) throws BrokerStartException {
            return starter.start();
        }
    }

    /** A broker whose process has exited. */
    static class Dead implements BrokerInstance {
        @Override
        public boolean alive() {
            return false;
        }

        @Override
        public BrokerInfo info() {
            return new BrokerInfo("dead", "dead", "1", RuntimeKind.LOCAL, Map.of(), 0, null, null);
        }

        @Override
        public Endpoint endpoint(Protocol protocol) {
            return Endpoint.loopback(List.of(protocol), 1).get(protocol);
        }

        @Override
        public OptionalLong pid() {
            return OptionalLong.empty();
        }

        @Override
        public String log() {
            return "starting\nlast words of the broker\n";
        }

        @Override
        public void kill() {
        }

        @Override
        public void restart() {
        }

        @Override
        public void stop() {
        }

        @Override
        public void close() {
        }
    }
}
