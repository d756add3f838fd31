package dev.brokerbench.process.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Adds one-way delay to TCP connections: listens on {@code ADDRESS:PORT} for each port and relays every accepted
 * connection to {@code 127.0.0.1:PORT}, each chunk read in either direction written on only once
 * {@code ONE_WAY_NANOS} have passed since it was read. It runs inside the broker's network namespace, in place of the
 * kernel's netem, which this machine's kernel lacks; unlike netem it ends TCP at the relay, so TCP's own window over a
 * long path is not reproduced, only the delay of every byte. A library relay (NetCrusher) was measured here first: its
 * reactor rounds every delay up to its tick (1 ms at the least), 0.5 ms each way gave 2.3-2.9 ms round trips.
 *
 * <p>Usage: {@code java -cp lifeline.jar dev.brokerbench.process.net.DelayRelay ADDRESS ONE_WAY_NANOS PORT...}
 */
public final class DelayRelay {
    private static final int CHUNK = 64 * 1024;

    private DelayRelay() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: DelayRelay ADDRESS ONE_WAY_NANOS PORT...");
            System.exit(2);
        }
        InetAddress address = InetAddress.getByName(args[0]);
        long oneWayNanos = Long.parseLong(args[1]);
        for (String port : Arrays.asList(args).subList(2, args.length)) {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, Integer.parseInt(port)), 200);
            start("accept-" + port, () -> accept(server, oneWayNanos));
        }
        System.out.println("relaying " + args[0] + " ports " + String.join(",", Arrays.asList(args).subList(2,
                args.length)) + " with " + oneWayNanos + " ns each way");
        System.out.flush();
    }

    private static void accept(ServerSocket server, long oneWayNanos) {
        while (true) {
            try {
                Socket client = server.accept();
                Socket broker;
                try {
                    broker = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                } catch (IOException refused) {
                    client.close();
                    continue;
                }
                client.setTcpNoDelay(true);
                broker.setTcpNoDelay(true);
                pipe(client, broker, oneWayNanos);
                pipe(broker, client, oneWayNanos);
            } catch (IOException e) {
                System.err.println("relay on " + server.getLocalSocketAddress() + ": " + e.getMessage());
            }
        }
    }

    /** One direction: a reader stamps each chunk, a writer holds it until its time has come. */
    private static void pipe(Socket from, Socket to, long oneWayNanos) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        start("read", () -> {
            try {
                while (true) {
                    byte[] buffer = new byte[CHUNK];
                    int n = in.read(buffer);
                    queue.add(new Chunk(System.nanoTime() + oneWayNanos, n < 0 ? null : Arrays.copyOf(buffer, n)));
                    if (n < 0) {
                        return;
                    }
                }
            } catch (IOException e) {
                queue.add(new Chunk(System.nanoTime(), null));
            }
        });
        start("write", () -> {
            try {
                while (true) {
                    Chunk chunk = queue.take();
                    long wait;
                    while ((wait = chunk.due - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    if (chunk.bytes == null) {
                        closeQuietly(from);
                        closeQuietly(to);
                        return;
                    }
                    out.write(chunk.bytes);
                }
            } catch (IOException | InterruptedException e) {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    private record Chunk(long due, byte[] bytes) {
    }

    private static void start(String name, Runnable body) {
        Thread t = new Thread(body, "delay-relay-" + name);
        t.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
