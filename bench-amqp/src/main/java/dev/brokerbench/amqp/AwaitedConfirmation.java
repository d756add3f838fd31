package dev.brokerbench.amqp;

import dev.brokerbench.core.spi.Confirmation;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A confirmation a sync send waits for: returns when the broker confirmed, throws what failed the send. */
final class AwaitedConfirmation implements Confirmation {
    private final CompletableFuture<Void> outcome = new CompletableFuture<>();

    @Override
    public void confirmed() {
        outcome.complete(null);
    }

    @Override
    public void failed(Throwable cause) {
        outcome.completeExceptionally(cause);
    }

    void await(long timeoutMillis) throws Exception {
        try {
            outcome.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            throw new TimeoutException("no confirm from the broker within " + timeoutMillis + " ms");
        }
    }
}
