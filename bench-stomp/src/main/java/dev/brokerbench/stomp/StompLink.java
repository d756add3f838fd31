package dev.brokerbench.stomp;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.stomp.Command;
import io.vertx.ext.stomp.Frame;
import io.vertx.ext.stomp.StompClientConnection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One STOMP connection, remembering the last ERROR frame the broker sent (a broker sends ERROR, then closes the
 * connection, which fails every receipt still awaited: the failure then names the broker's reason).
 */
final class StompLink implements AutoCloseable {
    private final StompClientConnection connection;
    private volatile String error;

    StompLink(StompClientConnection connection) {
        this.connection = connection;
        connection.errorHandler(frame -> error = describe(frame));
    }

    static String describe(Frame frame) {
        String message = frame.getHeader("message");
        String body = frame.getBodyAsString();
        return (message == null ? "" : message) + (body == null || body.isBlank() ? "" : ": " + body.strip());
    }

    /**
     * Sends with a {@code receipt} header; the future completes when the broker's RECEIPT arrives. {@code headers}
     * become the frame's (the map is the frame's from here on). A body is sent with its {@code content-length} (the
     * suite's bodies are zero bytes, which STOMP would otherwise end at); an empty body is sent with none: Vert.x
     * STOMP cannot parse a frame carrying {@code content-length:0} (vert-x3/vertx-stomp#84, open), and the brokers
     * forward the header they were given.
     */
    Future<Frame> sendWithReceipt(String destination, Map<String, String> headers, byte[] body) {
        return explained(connection.send(sendFrame(destination, headers, body)));
    }

    /**
     * Sends without a receipt: nothing tells when the broker took it, and Vert.x queues what the socket cannot take
     * yet, so only a caller that bounds its sends otherwise (one call in flight, a call window) uses this.
     */
    void sendWithoutReceipt(String destination, Map<String, String> headers, byte[] body) {
        connection.send(sendFrame(destination, headers, body), (Handler<AsyncResult<Frame>>) null);
    }

    private static Frame sendFrame(String destination, Map<String, String> headers, byte[] body) {
        headers.put(Frame.DESTINATION, destination);
        if (body.length > 0) {
            headers.put(Frame.CONTENT_LENGTH, Integer.toString(body.length));
        }
        return new Frame(Command.SEND, headers, body.length > 0 ? Buffer.buffer(body) : null);
    }

    /**
     * Hands {@code handler} the MESSAGE frames of a subscription the broker made itself (RabbitMQ subscribes a
     * connection to the temporary queue named in a SEND's {@code reply-to}; the frames carry that name as their
     * {@code subscription}), which no SUBSCRIBE of this client registered.
     */
    void onImplicitSubscription(String subscription, Handler<Frame> handler) {
        connection.receivedFrameHandler(frame -> {
            if (frame.getCommand() == Command.MESSAGE && subscription.equals(frame.getHeader(Frame.SUBSCRIPTION))) {
                handler.handle(frame);
            }
        });
    }

    /** The id an ACK of MESSAGE {@code m} names: its {@code ack} header (STOMP 1.2), else its message id. */
    static String ackId(Frame m) {
        return m.getAck() != null ? m.getAck() : m.getHeader(Frame.MESSAGE_ID);
    }

    /** Sends a frame without asking for a receipt. */
    void send(Command command, Map<String, String> headers) {
        connection.send(new Frame(command, new HashMap<>(headers), null), (Handler<AsyncResult<Frame>>) null);
    }

    /** Sends a frame and waits for its receipt. */
    void sendAndAwait(Command command, Map<String, String> headers, String what) throws Exception {
        Await.result(explained(connection.send(new Frame(command, new HashMap<>(headers), null))), what);
    }

    Future<String> subscribe(String destination, Map<String, String> headers, Handler<Frame> handler) {
        return connection.subscribe(destination, new HashMap<>(headers), handler);
    }

    /** A receipt whose failure names the broker's ERROR, if it sent one before closing the connection. */
    private <T> Future<T> explained(Future<T> receipt) {
        return receipt.recover(cause -> {
            String reason = error;
            return Future.failedFuture(reason == null ? cause
                    : new IllegalStateException("the broker sent ERROR: " + reason, cause));
        });
    }

    @Override
    public void close() throws Exception {
        if (connection.isConnected()) {
            try {
                // DISCONNECT with a receipt: everything sent before it was processed
                connection.disconnect().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            } catch (Exception closedMeanwhile) {
                // the socket is closed below either way
            }
        }
        connection.close();
    }
}
