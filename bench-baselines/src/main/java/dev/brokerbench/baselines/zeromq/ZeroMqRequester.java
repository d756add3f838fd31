package dev.brokerbench.baselines.zeromq;

import dev.brokerbench.baselines.Wire;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * One ZeroMQ client: a DEALER socket (its own TCP connection), used by one thread for sends and receives.
 * A call is [empty delimiter][correlation id][payload], the envelope a REP worker expects behind a ROUTER.
 */
final class ZeroMqRequester implements Requester {
    private static final byte[] EMPTY = new byte[0];
    /**
     * One context (one I/O thread) for every client of the suite, as a ZeroMQ application has: a context per client
     * stalled replies for over 10 s here when clients came and went.
     */
    private static final ZContext CONTEXT = new ZContext(1);
    private final ZMQ.Socket socket;
    /** recv() wakes at least this often, so that a poll never depends on changing the socket's timeout. */
    private static final int RECEIVE_SLICE_MILLIS = 20;
    /**
     * A connection whose ZMTP handshake has not completed by then is dropped and made again (JeroMQ's default: 30 s).
     * JeroMQ 0.6.0 can leave a new connection's engine unregistered with its I/O thread's selector when the
     * connect completes while that thread has commands queued (as when other sockets of the context are closing):
     * the engine then never writes its greeting, and only its handshake timer ends the wait. Seen here with
     * {@code ss}: the server's 10-byte greeting unread in the client's receive queue, nothing sent by the client, for
     * 30 s. On loopback a handshake takes well under a millisecond.
     */
    static final int HANDSHAKE_MILLIS = 1000;

    ZeroMqRequester(Endpoint endpoint) {
        socket = CONTEXT.createSocket(SocketType.DEALER);
        socket.setLinger(0);
        socket.setReceiveTimeOut(RECEIVE_SLICE_MILLIS);
        socket.setHandshakeIvl(HANDSHAKE_MILLIS);
        socket.connect("tcp://" + endpoint.host() + ":" + endpoint.port());
    }

    @Override
    public void request(long correlationId, byte[] payload) {
        socket.sendMore(EMPTY);
        socket.sendMore(Wire.id(correlationId));
        socket.send(payload);
    }

    @Override
    public Reply poll(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        byte[] delimiter = socket.recv();
        while (delimiter == null) {
            if (System.nanoTime() >= deadline) {
                return null;
            }
            delimiter = socket.recv();
        }
        byte[] id = socket.hasReceiveMore() ? socket.recv() : null;
        byte[] body = socket.hasReceiveMore() ? socket.recv() : null;
        while (socket.hasReceiveMore()) {
            socket.recv();
        }
        return new Reply(Wire.id(id), body);
    }

    @Override
    public void cast(long correlationId, byte[] payload) {
        throw new UnsupportedOperationException("the ZeroMQ baseline is request/reply only");
    }

    /** The server's count of calls received, or null when no answer came within {@code timeoutMillis}. */
    Long stats(long timeoutMillis) {
        request(Wire.STATS, EMPTY);
        Reply r = poll(timeoutMillis);
        while (r != null && r.correlationId() != Wire.STATS) {
            r = poll(timeoutMillis);
        }
        return r == null ? null : Wire.id(r.body());
    }

    @Override
    public void close() {
        CONTEXT.destroySocket(socket);
    }
}
