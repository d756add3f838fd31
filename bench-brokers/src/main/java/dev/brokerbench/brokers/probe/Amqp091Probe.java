package dev.brokerbench.brokers.probe;

import dev.brokerbench.core.broker.Endpoint;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Sends the AMQP 0-9-1 protocol header and expects connection.start (method frame, class 10, method 10). */
public final class Amqp091Probe implements ReadinessProbe {
    private static final byte[] HEADER = {'A', 'M', 'Q', 'P', 0, 0, 9, 1};
    private static final int FRAME_METHOD = 1;

    @Override
    public boolean ready(Endpoint endpoint) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), SOCKET_TIMEOUT_MILLIS);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            s.getOutputStream().write(HEADER);
            s.getOutputStream().flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            int type = in.readUnsignedByte();
            int channel = in.readUnsignedShort();
            in.readInt(); // frame size
            int classId = in.readUnsignedShort();
            int methodId = in.readUnsignedShort();
            return type == FRAME_METHOD && channel == 0 && classId == 10 && methodId == 10;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return new String(HEADER, 0, 4, StandardCharsets.US_ASCII) + " 0-9-1 connection.start";
    }
}
