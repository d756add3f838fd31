package dev.brokerbench.brokers.probe;

import dev.brokerbench.core.broker.Endpoint;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Sends a STOMP 1.2 CONNECT frame and expects CONNECTED: the broker created a session for a client. */
public final class StompConnectProbe implements ReadinessProbe {
    private static final byte[] CONNECT =
            "CONNECT\naccept-version:1.2\nhost:localhost\n\n\0".getBytes(StandardCharsets.US_ASCII);

    @Override
    public boolean ready(Endpoint endpoint) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), SOCKET_TIMEOUT_MILLIS);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            s.getOutputStream().write(CONNECT);
            s.getOutputStream().flush();
            return readFrame(s.getInputStream()).startsWith("CONNECTED");
        } catch (IOException e) {
            return false;
        }
    }

    private static String readFrame(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int b;
        while ((b = in.read()) > 0 && sb.length() < 4096) {
            sb.append((char) b);
        }
        return sb.toString().stripLeading();
    }
}
