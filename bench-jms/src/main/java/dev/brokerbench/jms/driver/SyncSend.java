package dev.brokerbench.jms.driver;

import jakarta.jms.CompletionListener;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** How a provider sends and waits for the broker's confirmation. */
@FunctionalInterface
public interface SyncSend {
    void send(MessageProducer producer, Message message) throws Exception;

    /** A blocking {@code send()}, for libraries whose plain send already waits for the broker. */
    SyncSend BLOCKING = MessageProducer::send;

    /**
     * {@code send(Message, CompletionListener)} and wait for the completion, for libraries whose plain send is not
     * confirmed by the broker.
     */
    static SyncSend awaitedCompletion(long timeoutMillis) {
        return (producer, message) -> {
            CompletableFuture<Void> done = new CompletableFuture<>();
            producer.send(message, new CompletionListener() {
                @Override
                public void onCompletion(Message m) {
                    done.complete(null);
                }

                @Override
                public void onException(Message m, Exception e) {
                    done.completeExceptionally(e);
                }
            });
            try {
                done.get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : new JMSException(e.getMessage());
            }
        };
    }
}
