package dev.brokerbench.brokers.probe;

import dev.brokerbench.core.broker.Endpoint;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Reads the WireFormatInfo an OpenWire broker sends first on every connection (size, type 1, magic "ActiveMQ"):
 * the transport connector is accepting, which ActiveMQ Classic does only after its store has started.
 */
public final class OpenWireHandshakeProbe implements ReadinessProbe {
    private static final byte WIRE_FORMAT_INFO = 1;
    private static final String MAGIC = "ActiveMQ";

    @Override
    public boolean ready(Endpoint endpoint) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), SOCKET_TIMEOUT_MILLIS);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            DataInputStream in = new DataInputStream(s.getInputStream());
            int size = in.readInt();
            byte type = in.readByte();
            byte[] magic = new byte[MAGIC.length()];
            in.readFully(magic);
            return size > 0 && type == WIRE_FORMAT_INFO && MAGIC.equals(new String(magic, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }
}
