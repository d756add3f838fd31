package dev.brokerbench.baselines.zeromq;

import dev.brokerbench.baselines.BaselineServerMain;
import dev.brokerbench.baselines.Wire;
import dev.brokerbench.core.spi.RpcPayload;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * ZeroMQ request/reply server: a ROUTER socket on 127.0.0.1, fed by DEALER clients (so that they may pipeline),
 * answered by one thread; ZeroMQ's I/O threads do the networking. Each call arrives as [client][empty][correlation
 * id][payload] and is answered with [client][empty][correlation id][payload bytes + 1].
 *
 * <p>The usual multithreaded layout (ROUTER proxied over inproc to REP worker threads) was measured here at 2,700
 * calls/s for one client against 6,900 for this one: the two extra inproc hops per call cost more than the transform
 * they spread over threads.
 */
public final class ZeroMqServer implements BaselineServerMain.Server {
    private long received;

    /** @param threads unused: one thread answers, one I/O thread moves the bytes */
    public static ZeroMqServer start(int port, int threads) {
        ZeroMqServer server = new ZeroMqServer();
        ZContext context = new ZContext(1);
        ZMQ.Socket socket = context.createSocket(SocketType.ROUTER);
        // the serving thread wakes at least this often: in CI a reply once stayed unsent for over 10 s until the
        // next request arrived; a socket call now processes the socket's pending commands regularly
        socket.setReceiveTimeOut(10);
        // an accepted connection stuck before its handshake is dropped, and the client connects again
        socket.setHandshakeIvl(ZeroMqRequester.HANDSHAKE_MILLIS);
        socket.bind("tcp://127.0.0.1:" + port);
        Thread loop = new Thread(() -> server.serve(socket), "zeromq-server");
        loop.setDaemon(true);
        loop.start();
        return server;
    }

    private void serve(ZMQ.Socket socket) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                answer(socket);
            } catch (RuntimeException e) {
                e.printStackTrace(); // in the server's console log; the next call is served
            }
        }
    }

    private void answer(ZMQ.Socket socket) {
        byte[] client = socket.recv();
        if (client == null) {
            return; // nothing within the receive timeout
        }
        byte[] delimiter = socket.hasReceiveMore() ? socket.recv() : null;
        byte[] id = socket.hasReceiveMore() ? socket.recv() : null;
        byte[] payload = socket.hasReceiveMore() ? socket.recv() : new byte[0];
        while (socket.hasReceiveMore()) {
            socket.recv();
        }
        if (delimiter == null || id == null) {
            return; // not a call
        }
        byte[] answer;
        if (Wire.id(id) == Wire.STATS) {
            answer = Wire.id(received);
        } else {
            received++;
            answer = RpcPayload.transform(payload);
        }
        socket.sendMore(client);
        socket.sendMore(delimiter);
        socket.sendMore(id);
        socket.send(answer);
    }

    @Override
    public String library() {
        return JeroMqPath.LIBRARY_NAME + " " + JeroMqPath.version();
    }
}
