package dev.brokerbench.app.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * A TLS acceptor in front of a broker's plain port on loopback, as a TLS-terminating load balancer would be: it
 * completes the handshake (asking for a client certificate it trusts when {@code clientCertificate}) and relays the
 * bytes both ways. It lets a test reach every protocol over real TLS without configuring each broker's own.
 */
public final class TlsTerminator implements AutoCloseable {
    private final SSLServerSocket server;
    private final int target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    public TlsTerminator(SSLContext context, boolean clientCertificate, int targetPort) throws IOException {
        this.target = targetPort;
        this.server = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        server.setNeedClientAuth(clientCertificate);
        Thread accept = new Thread(this::accept, "tls-terminator-" + server.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    /** The TLS port on 127.0.0.1. */
    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket tls = server.accept();
                Socket plain = new Socket(InetAddress.getLoopbackAddress(), target);
                plain.setTcpNoDelay(true);
                tls.setTcpNoDelay(true);
                open.add(tls);
                open.add(plain);
                relay(tls, plain);
                relay(plain, tls);
            } catch (IOException e) {
                // closed, or a refused handshake: the client sees it
            }
        }
    }

    private void relay(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed or refused the handshake
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tls-relay");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(TlsTerminator::closeQuietly);
    }
}
