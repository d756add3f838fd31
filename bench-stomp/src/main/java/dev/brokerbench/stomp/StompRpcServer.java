package dev.brokerbench.stomp;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcSessions;
import dev.brokerbench.core.spi.ServerReceipt;
import io.vertx.ext.stomp.Command;
import io.vertx.ext.stomp.Frame;
import java.util.Map;

/**
 * STOMP server sessions, each a connection with an {@code ack:client-individual} subscription to the request queue
 * carrying the broker's prefetch header: a request is answered with a SEND to its {@code reply-to} (non-persistent,
 * no receipt: one reply per request, so the requests bound them) with its {@code correlation-id} and every body byte
 * + 1, then acknowledged; a message without {@code reply-to} is one-way and only counted (and acknowledged). Each
 * is reported to the phase with its {@code correlation-id}.
 * Frames are handled on the connection's Vert.x event loop.
 */
final class StompRpcServer extends RpcSessions {

    static StompRpcServer start(StompConnector connector, StompDialect dialect, String queue, int sessions,
                                Map<String, String> prefetch, ServerReceipt onReceive) throws Exception {
        StompRpcServer server = new StompRpcServer();
        try {
            for (int i = 0; i < sessions; i++) {
                server.session(server.keep(connector.connect()), dialect, queue, prefetch, onReceive);
            }
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void session(StompLink link, StompDialect dialect, String queue, Map<String, String> prefetch,
                         ServerReceipt onReceive) throws Exception {
        Map<String, String> subscribe = dialect.subscription(prefetch, "client-individual", "brokerbench-rpc-server");
        String destination = dialect.destination().apply(queue);
        Await.result(link.subscribe(destination, subscribe, m -> {
            String correlation = m.getHeader("correlation-id");
            counted(onReceive, Reply.parse(correlation));
            String replyTo = m.getHeader("reply-to");
            if (replyTo != null) {
                Map<String, String> reply = dialect.sending(false);
                if (correlation != null) {
                    reply.put("correlation-id", correlation);
                }
                byte[] body = m.getBody() == null ? new byte[0] : m.getBody().getBytes();
                link.sendWithoutReceipt(replyTo, reply, RpcPayload.transform(body));
            }
            link.send(Command.ACK, Map.of(Frame.ID, StompLink.ackId(m)));
        }), "SUBSCRIBE to " + destination);
    }
}
