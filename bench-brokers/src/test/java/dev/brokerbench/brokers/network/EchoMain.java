package dev.brokerbench.brokers.network;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A one-connection echo server on 127.0.0.1:PORT, for a test that runs it inside a network namespace. */
public final class EchoMain {
    private EchoMain() {
    }

    public static void main(String[] args) throws Exception {
        try (ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 5, InetAddress.getLoopbackAddress())) {
            System.out.println("echo ready");
            System.out.flush();
            try (Socket s = server.accept()) {
                s.setTcpNoDelay(true);
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    out.write(buffer, 0, n);
                }
            }
        }
    }
}
