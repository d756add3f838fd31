package dev.brokerbench.brokers.apollo;

import dev.brokerbench.core.result.BrokerCount;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Apollo's own list of a queue's messages, whatever protocol sent them: a STOMP 1.1 subscription with
 * {@code browser:true} receives every message on the queue without consuming it, then a frame marked
 * {@code browser:end}. (Over OpenWire, Apollo lists only messages sent over OpenWire; over AMQP 1.0, none after a
 * restart.)
 */
final class StompBrowse {
    private static final int TIMEOUT_MILLIS = 30_000;

    private StompBrowse() {
    }

    static BrokerCount count(String host, int port, String queue) throws IOException {
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(("CONNECT\naccept-version:1.1\nhost:localhost\n\n\0"
                    + "SUBSCRIBE\nid:0\ndestination:/queue/" + queue + "\nbrowser:true\nack:auto\n\n\0")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            long messages = 0;
            while (true) {
                String headers = headers(in);
                String command = headers.lines().findFirst().orElse("");
                skipBody(in, contentLength(headers));
                if (command.equals("ERROR")) {
                    throw new IOException("Apollo refused the STOMP browse of " + queue + ": " + headers);
                }
                if (command.equals("MESSAGE")) {
                    if (headers.contains("\nbrowser:end")) {
                        return new BrokerCount(messages, "STOMP browse (browser:true) on Apollo's protocol-detecting"
                                + " port: messages the broker lists");
                    }
                    messages++;
                }
            }
        }
    }

    /** A frame's command and headers, up to the blank line; heart-beat newlines before a frame are skipped. */
    private static String headers(InputStream in) throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int previous = '\n';
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("Apollo closed the STOMP connection before the end of the browse");
            }
            if (c == '\r') {
                continue;
            }
            if (c == '\n' && previous == '\n') {
                if (text.size() > 0) {
                    return text.toString(StandardCharsets.UTF_8);
                }
                continue;
            }
            text.write(c);
            previous = c;
        }
    }

    private static int contentLength(String headers) {
        return headers.lines().filter(l -> l.startsWith("content-length:")).findFirst()
                .map(l -> Integer.parseInt(l.substring("content-length:".length()).trim())).orElse(-1);
    }

    /** The body: {@code length} bytes then the NUL, or up to the NUL where no length is given. */
    private static void skipBody(InputStream in, int length) throws IOException {
        if (length >= 0) {
            in.skipNBytes(length);
        }
        int c;
        while ((c = in.read()) != 0) {
            if (c < 0) {
                throw new IOException("Apollo closed the STOMP connection inside a frame");
            }
        }
    }
}
