package dev.brokerbench.brokers.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.core.broker.BrokerStartException;
import org.junit.jupiter.api.Test;

/** The failures that mean a chosen port was bound by another process, in each broker's words as CI saw them. */
class PortTakenTest {
    @Test
    void aNodeThatLostItsPortIsStartedAgainAndNoOtherFailureIs() {
        // the console log's tail as CI saw it on 2026-11-27
        assertThat(Instances.portTaken(new BrokerStartException("RabbitMQ exited with code 1 before it was"
                + " ready.\n... reason: {dist_port_already_used,46753,not_erlang,\"localhost\"}"))).isTrue();
        assertThat(Instances.portTaken(new BrokerStartException("listen error: {tcp,eaddrinuse}"))).isTrue();
        assertThat(Instances.portTaken(new BrokerStartException("RabbitMQ exited with code 1 before it was"
                + " ready: {could_not_start,rabbit,{bad_return,...}}"))).isFalse();
    }

    @Test
    void aJvmBrokerThatLostItsPortIsStartedAgain() {
        // ActiveMQ Classic's console log as CI saw it on 2026-11-29
        assertThat(Instances.portTaken(new BrokerStartException("ActiveMQ Classic exited with code 1 before it was"
                + " ready.\nException in thread \"main\" java.io.IOException: Failed to bind to server socket:"
                + " stomp://127.0.0.1:37777?maximumConnections=1000 due to: java.net.BindException: Address already"
                + " in use"))).isTrue();
        assertThat(Instances.portTaken(new BrokerStartException("ActiveMQ Classic exited with code 1 before it was"
                + " ready.\nInvalid maximum heap size: -Xmxnotaheap"))).isFalse();
    }
}
