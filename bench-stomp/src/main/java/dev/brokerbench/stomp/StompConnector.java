package dev.brokerbench.stomp;

import dev.brokerbench.core.broker.Endpoint;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.stomp.StompClient;
import io.vertx.ext.stomp.StompClientConnection;
import io.vertx.ext.stomp.StompClientOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.TrustOptions;
import javax.net.ssl.X509KeyManager;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.TimeUnit;

/**
 * Opens STOMP 1.2 connections to one broker on a Vert.x instance of the driver's own (two event loops, no file
 * cache written to the working directory), without heart-beats (a benchmark connection is never idle for long, and
 * a missed beat would close it mid-phase), with the broker's virtual host and the endpoint's credentials (CONNECT
 * login and passcode).
 */
final class StompConnector implements AutoCloseable {
    private final Vertx vertx;
    private final StompClientOptions options;
    private final Endpoint endpoint;

    StompConnector(Endpoint endpoint, StompDialect dialect) {
        this.endpoint = endpoint;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2).setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1).setBlockedThreadCheckInterval(TimeUnit.HOURS.toMillis(1))
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false)
                        .setClassPathResolvingEnabled(false)));
        StompClientOptions o = new StompClientOptions().setHost(endpoint.host()).setPort(endpoint.port())
                .setAcceptedVersions(List.of("1.2")).setHeartbeat(new JsonObject().put("x", 0).put("y", 0))
                .setAutoComputeContentLength(false);
        o.setConnectTimeout((int) Await.TIMEOUT_MILLIS);
        o.setTcpNoDelay(true);
        endpoint.credentials().user().ifPresent(o::setLogin);
        endpoint.credentials().password().ifPresent(o::setPasscode);
        dialect.virtualHost().ifPresent(o::setVirtualHost);
        endpoint.tls().ifPresent(tls -> {
            // Vert.x verifies no host name unless given an algorithm
            o.setSsl(true).setHostnameVerificationAlgorithm("HTTPS")
                    .setTrustOptions(TrustOptions.wrap(tls.trustManagers()[0]));
            if (tls.keyStore().isPresent()) {
                o.setKeyCertOptions(KeyCertOptions.wrap((X509KeyManager) tls.keyManagers()[0]));
            }
        });
        this.options = o;
    }

    /**
     * A new connection; an ERROR frame in answer to CONNECT (wrong credentials, an unknown virtual host) fails it at
     * once with the broker's reason: Vert.x would otherwise wait out the connect timeout, as the broker closes the
     * socket without a CONNECTED frame.
     */
    StompLink connect() throws Exception {
        StompClient client = StompClient.create(vertx, new StompClientOptions(options));
        Promise<StompClientConnection> connected = Promise.promise();
        AtomicReference<String> refused = new AtomicReference<>();
        client.errorFrameHandler(frame -> {
            refused.set(StompLink.describe(frame));
            connected.tryFail("ERROR frame");
        });
        client.connect().onComplete(connected::tryComplete, connected::tryFail);
        String what = "STOMP CONNECT to " + endpoint.hostAndPort();
        try {
            return new StompLink(Await.result(connected.future(), what));
        } catch (IllegalStateException e) {
            client.close();
            throw refused.get() == null ? e : new IllegalStateException(what + " refused: " + refused.get(), e);
        }
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
