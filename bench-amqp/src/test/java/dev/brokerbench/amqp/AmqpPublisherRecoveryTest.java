package dev.brokerbench.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownListener;
import com.rabbitmq.client.ShutdownSignalException;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Stamp;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A channel that behaves as amqp-client's auto-recovering channel does when the connection is lost and recovered
 * (read from its source, 5.x): shutdown listeners fire for the old delegate, the new delegate numbers publishes from
 * 1 again, is briefly not in confirm mode, and its {@code waitForConfirmsOrDie} returns at once because nothing
 * unconfirmed was published on it. No confirm for the lost messages ever arrives: a send must not be reported
 * confirmed.
 */
class AmqpPublisherRecoveryTest {

    /** The scripted channel: each publish runs {@code onPublish}, which may shut the channel down and recover it. */
    private static final class RecoveringChannel {
        final List<ConfirmListener> confirmListeners = new ArrayList<>();
        final List<ShutdownListener> shutdownListeners = new ArrayList<>();
        long nextSeq = 1;
        Runnable onPublish = () -> { };

        /** Connection lost after the publish was written, then recovery: a new delegate, confirm mode again. */
        void loseAndRecover() {
            ShutdownSignalException lost = new ShutdownSignalException(true, false, null, null);
            shutdownListeners.forEach(l -> l.shutdownCompleted(lost));
            nextSeq = 1;
        }

        void ack(long tag, boolean multiple) throws Exception {
            for (ConfirmListener l : confirmListeners) {
                l.handleAck(tag, multiple);
            }
        }

        Channel proxy() {
            return (Channel) Proxy.newProxyInstance(Channel.class.getClassLoader(), new Class<?>[] {Channel.class},
                    (p, method, args) -> switch (method.getName()) {
                        case "getNextPublishSeqNo" -> nextSeq;
                        case "addConfirmListener" -> confirmListeners.add((ConfirmListener) args[0]);
                        case "addShutdownListener" -> shutdownListeners.add((ShutdownListener) args[0]);
                        case "basicPublish" -> {
                            nextSeq++;
                            onPublish.run();
                            yield null;
                        }
                        // the recovered delegate has nothing unconfirmed: the wait returns at once
                        case "waitForConfirmsOrDie", "queueDeclare", "confirmSelect", "addReturnListener" -> null;
                        case "hashCode" -> System.identityHashCode(p);
                        case "equals" -> p == args[0];
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    private static AmqpPublisher publisherOn(RecoveringChannel channel) throws Exception {
        Channel proxy = channel.proxy();
        Connection connection = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (p, method, args) -> switch (method.getName()) {
                    case "createChannel" -> proxy;
                    case "close" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new AmqpPublisher(connection, AmqpRoute.queue("q"), true);
    }

    @Test
    void aSyncSendWhoseChannelWasReplacedIsNotConfirmed() throws Exception {
        RecoveringChannel channel = new RecoveringChannel();
        AmqpPublisher publisher = publisherOn(channel);
        channel.onPublish = channel::loseAndRecover;

        assertThatThrownBy(() -> publisher.send(new Stamp(1, 0, 0), new byte[0]))
                .hasMessageContaining("channel shut down before the broker confirmed");
    }

    @Test
    void aSyncSendIsConfirmedByTheAckForItsOwnSequenceNumber() throws Exception {
        RecoveringChannel channel = new RecoveringChannel();
        AmqpPublisher publisher = publisherOn(channel);
        channel.onPublish = () -> {
            long tag = channel.nextSeq - 1;
            new Thread(() -> {
                try {
                    channel.ack(tag, false);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).start();
        };

        publisher.send(new Stamp(1, 0, 0), new byte[0]);
        publisher.send(new Stamp(1, 1, 0), new byte[0]);
    }

    @Test
    void acksOfTheRecoveredChannelDoNotConfirmSendsOfTheLostOne() throws Exception {
        RecoveringChannel channel = new RecoveringChannel();
        AmqpPublisher publisher = publisherOn(channel);
        AtomicInteger confirmed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Confirmation counting = new Confirmation() {
            @Override
            public void confirmed() {
                confirmed.incrementAndGet();
            }

            @Override
            public void failed(Throwable cause) {
                failed.incrementAndGet();
            }
        };
        for (int i = 0; i < 5; i++) {
            publisher.sendAsync(new Stamp(1, i, 0), new byte[0], counting); // tags 1..5, never confirmed
        }
        channel.loseAndRecover();
        publisher.sendAsync(new Stamp(1, 5, 0), new byte[0], counting); // tag 1 on the new channel
        channel.ack(1, true);

        assertThat(failed).as("the five sends of the lost channel").hasValue(5);
        assertThat(confirmed).as("only the send the new channel acked").hasValue(1);
    }
}
