package dev.brokerbench.brokers.probe;

import dev.brokerbench.core.broker.Endpoint;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Sends a Kafka ApiVersions request (api key 18, version 0, the one every Kafka broker answers) and reads a response
 * with the request's correlation id and error code 0: the broker's request handlers are serving.
 */
public final class KafkaApiVersionsProbe implements ReadinessProbe {
    private static final short API_VERSIONS = 18;
    private static final int CORRELATION_ID = 0x6262; // "bb"
    private static final byte[] CLIENT_ID = "brokerbench-probe".getBytes(StandardCharsets.US_ASCII);

    @Override
    public boolean ready(Endpoint endpoint) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), SOCKET_TIMEOUT_MILLIS);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(2 + 2 + 4 + 2 + CLIENT_ID.length); // request header v1, empty v0 body
            out.writeShort(API_VERSIONS);
            out.writeShort(0);
            out.writeInt(CORRELATION_ID);
            out.writeShort(CLIENT_ID.length);
            out.write(CLIENT_ID);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            int size = in.readInt();
            int correlation = in.readInt();
            short error = in.readShort();
            return size >= 6 && correlation == CORRELATION_ID && error == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
