package dev.brokerbench.brokers.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerStartException;
import org.junit.jupiter.api.Test;

class PortTakenTest {
    @Test
    void aNodeThatLostItsPortIsStartedAgainAndNoOtherFailureIs() {
        // the console log's tail as CI saw it on 2026-11-27
        assertThat(RabbitMqLocalRuntime.portTaken(new BrokerStartException("RabbitMQ exited with code 1 before it was"
                + " ready.\n... reason: {dist_port_already_used,46753,not_erlang,\"localhost\"}"))).isTrue();
        assertThat(RabbitMqLocalRuntime.portTaken(new BrokerStartException("listen error: {tcp,eaddrinuse}")))
                .isTrue();
        assertThat(RabbitMqLocalRuntime.portTaken(new BrokerStartException("RabbitMQ exited with code 1 before it was"
                + " ready: {could_not_start,rabbit,{bad_return,...}}"))).isFalse();
    }
}
