package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Confirmation;
import jakarta.jms.CompletionListener;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;

/** How a provider sends without waiting and reports the broker's confirmation. */
@FunctionalInterface
public interface AsyncSend {
    void send(MessageProducer producer, Message message, Confirmation confirmation) throws Exception;

    /** The JMS 2.0 way: {@code send(Message, CompletionListener)}. */
    AsyncSend JMS2 = (producer, message, confirmation) -> producer.send(message, new CompletionListener() {
        @Override
        public void onCompletion(Message m) {
            confirmation.confirmed();
        }

        @Override
        public void onException(Message m, Exception e) {
            confirmation.failed(e);
        }
    });
}
