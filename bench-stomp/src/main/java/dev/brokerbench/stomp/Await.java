package dev.brokerbench.stomp;

import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for a Vert.x future on a caller's thread (never on an event loop), with the failure's own cause. */
final class Await {
    static final long TIMEOUT_MILLIS = 30_000;

    private Await() {
    }

    static <T> T result(Future<T> future, String what) throws Exception {
        try {
            return future.toCompletionStage().toCompletableFuture().get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IllegalStateException(what + " failed: " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + ": no answer within " + TIMEOUT_MILLIS + " ms", e);
        }
    }
}
