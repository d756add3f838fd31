package dev.brokerbench.brokers.apollo;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.Optional;

/**
 * ActiveMQ Apollo, whatever runs it: one protocol-detecting port for AMQP 1.0, OpenWire and STOMP. Its own count
 * of a queue is a STOMP browse ({@link StompBrowse}).
 */
public final class ApolloBroker {
    public static final BrokerDescriptor DESCRIPTOR = BrokerDescriptor.broker("apollo", "ActiveMQ Apollo",
                    Protocol.AMQP, Protocol.OPENWIRE, Protocol.STOMP)
            .withLogSignals(BrokerDescriptor.LogSignals.NONE.ofJvm())
            .withGap(Protocol.AMQP, Capability.PREFETCH, Support.notEquivalent("Apollo 1.7.1 does not hold AMQP link"
                    + " credit to the message: with a credit of 1000, an idle consumer was handed 1,100 empty and"
                    + " 623-756 10 KB messages in three runs (measured through the broker); Apollo over OpenWire"
                    + " holds exactly 1000 (client path openwire-jms)"))
            .withGap(Protocol.STOMP, Capability.PREFETCH, Support.notEquivalent("Apollo 1.7.1 did not hold a STOMP"
                    + " subscription to its credit header (credit:1000,104857600, ack:client-individual): an idle"
                    + " consumer was handed all 2,500 queued messages, empty and 10 KB (measured through the broker,"
                    + " 2026-11-24)"))
            .withGap(Protocol.OPENWIRE, Capability.DURABLE_SUBSCRIPTIONS, Support.no("Apollo 1.7.1 over OpenWire"
                    + " delivers to a durable subscription but refuses to remove it (unsubscribe after its consumer"
                    + " closed: 'The subscription does not exist', DriverContractIT, 2026-11-25), so each pass would"
                    + " leave one behind; Apollo's durable subscriptions run over AMQP (qpid-jms)"))
            .withGap(Protocol.AMQP, Capability.TRANSACTIONS, Support.no("Apollo 1.7.1 over AMQP 1.0 has no transaction"
                    + " coordinator: qpid-jms timed out declaring a transaction (2026-11-25); Apollo's transactions run"
                    + " over OpenWire (openwire-jms)"))
            .withGap(Protocol.OPENWIRE, Capability.TRANSACTIONS, Support.notEquivalent("Apollo 1.7.1 over OpenWire"
                    + " delivers some of the messages a transacted consumer rolled back twice, both flagged as"
                    + " redelivered (x3, 2026-11-25: 40 of 440 rolled-back receipts twice in each of three runs of"
                    + " 4,000 messages, 20-30 of 210-220 in runs of 2,000); its transacted publish was exact"))
            .withGap(Protocol.STOMP, Capability.REDELIVERY_FLAG, Support.no("Apollo 1.7.1's STOMP MESSAGE frames do not"
                    + " say redelivered:true for a message handed on after its consumer closed without acknowledging"
                    + " it"))
            .withQueues(new QueueAdmin() {
                @Override
                public Optional<BrokerCount> count(Endpoints broker, String queue) throws Exception {
                    // one protocol-detecting port: STOMP is spoken wherever any of its protocols is
                    var stomp = broker.first(Protocol.STOMP, Protocol.AMQP, Protocol.OPENWIRE);
                    return Optional.of(StompBrowse.count(stomp.host(), stomp.port(), queue));
                }
            });

    private ApolloBroker() {
    }
}
