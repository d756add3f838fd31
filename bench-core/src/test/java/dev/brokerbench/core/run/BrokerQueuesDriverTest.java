package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.result.BrokerCount;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BrokerQueuesDriverTest {
    private final List<String> declared = new ArrayList<>();
    private final Map<Protocol, Endpoint> given = Map.of(Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, 1));

    private BrokerQueuesDriver driver(QueueAdmin admin) {
        return new BrokerQueuesDriver(new LoopbackDriver(new LoopbackBroker(), false), admin,
                p -> Endpoint.of(given, "mq", p));
    }

    @Test
    void theBrokerMakesAQueueExistOnceAndAgainAfterARestart() throws Exception {
        BrokerQueuesDriver d = driver(new QueueAdmin() {
            @Override
            public void prepare(Endpoints broker, String queue) {
                declared.add(queue + "@" + broker.of(Protocol.AMQP).port());
            }
        });
        d.publisher("q").close();
        d.consumer("q").close();
        d.publisher("other").close();
        assertThat(declared).containsExactly("q@1", "other@1");
        d.brokerRestarted();
        d.consumer("q").close();
        assertThat(declared).containsExactly("q@1", "other@1", "q@1");
    }

    @Test
    void theBrokersCountComesFirstAndThePathsWhereTheBrokerCannotReach() throws Exception {
        BrokerQueuesDriver counting = driver(new QueueAdmin() {
            @Override
            public Optional<BrokerCount> count(Endpoints broker, String queue) {
                return Optional.of(new BrokerCount(7, "the broker"));
            }
        });
        assertThat(counting.brokerCount("q")).contains(new BrokerCount(7, "the broker"));
        BrokerQueuesDriver unreachable = driver(new QueueAdmin() {
            @Override
            public Optional<BrokerCount> count(Endpoints broker, String queue) {
                return Optional.of(new BrokerCount(broker.of(Protocol.STOMP).port(), "the broker"));
            }
        });
        assertThat(unreachable.brokerCount("q")).as("the loopback path has no count of its own").isEmpty();
    }
}
