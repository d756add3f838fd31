package dev.brokerbench.process.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP relay that can slow its link: it listens on a port for each target port and relays every accepted connection
 * to the target, each chunk read in either direction written on only once its delay has passed since it was read:
 * the one-way delay plus a random share of the jitter, never before the chunk read before it (a stream keeps its
 * order). The delay can change while connections run (zero: relayed as soon as read). It stands in for the kernel's
 * netem, which this machine's kernel lacks; unlike netem it ends TCP at the relay, so it delays every byte but does
 * not reproduce TCP's window over a long path. A library relay (NetCrusher) was measured here first: its reactor
 * rounds every delay up to its tick (1 ms at the least), 0.5 ms each way gave 2.3-2.9 ms round trips.
 */
public final class LinkRelay implements AutoCloseable {
    private static final int CHUNK = 64 * 1024;
    private final Map<Integer, ServerSocket> servers;
    private final InetAddress target;
    private final ConcurrentLinkedQueue<Socket> sockets = new ConcurrentLinkedQueue<>();
    private volatile long delayNanos;
    private volatile long jitterNanos;
    private volatile boolean closed;

    private LinkRelay(Map<Integer, ServerSocket> servers, InetAddress target) {
        this.servers = servers;
        this.target = target;
    }

    /**
     * Starts relaying, at no delay.
     *
     * @param listen  the address the relay listens on
     * @param ports   each target port, and the port to listen on for it (0: any free one)
     * @param target  the address the targets listen on
     * @param daemons whether its threads are daemons (in the suite's JVM) or keep a process of their own alive
     * @throws IOException when a port cannot be bound (those bound are closed again)
     */
    public static LinkRelay start(InetAddress listen, Map<Integer, Integer> ports, InetAddress target, boolean daemons)
            throws IOException {
        Map<Integer, ServerSocket> servers = new LinkedHashMap<>();
        LinkRelay relay = new LinkRelay(servers, target);
        try {
            for (Map.Entry<Integer, Integer> port : ports.entrySet()) {
                ServerSocket server = new ServerSocket();
                server.setReuseAddress(true);
                servers.put(port.getKey(), server);
                server.bind(new InetSocketAddress(listen, port.getValue()), 200);
            }
        } catch (IOException | RuntimeException e) {
            relay.close();
            throw e;
        }
        servers.forEach((targetPort, server) -> relay.thread("accept-" + targetPort, daemons,
                () -> relay.accept(server, targetPort, daemons)));
        return relay;
    }

    /** The port the relay listens on for {@code targetPort}. */
    public int port(int targetPort) {
        ServerSocket server = servers.get(targetPort);
        if (server == null) {
            throw new IllegalArgumentException("no relay for port " + targetPort + " (relayed: " + servers.keySet()
                    + ")");
        }
        return server.getLocalPort();
    }

    /**
     * Each chunk from now on is held {@code oneWay} plus up to {@code jitter} (uniformly at random) in each direction.
     *
     * @param oneWay zero or more
     * @param jitter zero or more
     */
    public void delay(Duration oneWay, Duration jitter) {
        if (oneWay.isNegative() || jitter.isNegative()) {
            throw new IllegalArgumentException("delay and jitter must be >= 0, got " + oneWay + ", " + jitter);
        }
        jitterNanos = jitter.toNanos();
        delayNanos = oneWay.toNanos();
    }

    private void accept(ServerSocket server, int targetPort, boolean daemons) {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket broker;
                try {
                    broker = new Socket(target, targetPort);
                } catch (IOException refused) {
                    client.close();
                    continue;
                }
                sockets.add(client);
                sockets.add(broker);
                client.setTcpNoDelay(true);
                broker.setTcpNoDelay(true);
                pipe(client, broker, daemons);
                pipe(broker, client, daemons);
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("relay on " + server.getLocalSocketAddress() + ": " + e.getMessage());
                }
            }
        }
    }

    /** One direction: a reader stamps each chunk with its due time, a writer holds it until then. */
    private void pipe(Socket from, Socket to, boolean daemons) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        thread("read", daemons, () -> {
            long lastDue = 0;
            try {
                while (true) {
                    byte[] buffer = new byte[CHUNK];
                    int n = in.read(buffer);
                    long jitter = jitterNanos;
                    long due = System.nanoTime() + delayNanos
                            + (jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(jitter + 1));
                    lastDue = Math.max(lastDue, due);
                    queue.add(new Chunk(lastDue, n < 0 ? null : Arrays.copyOf(buffer, n)));
                    if (n < 0) {
                        return;
                    }
                }
            } catch (IOException e) {
                queue.add(new Chunk(System.nanoTime(), null));
            }
        });
        thread("write", daemons, () -> {
            try {
                while (true) {
                    Chunk chunk = queue.take();
                    long wait;
                    while ((wait = chunk.due - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    if (chunk.bytes == null) {
                        break;
                    }
                    out.write(chunk.bytes);
                }
            } catch (IOException | InterruptedException e) {
                // the other side went away, or the relay closed
            }
            closeQuietly(from);
            closeQuietly(to);
        });
    }

    private record Chunk(long due, byte[] bytes) {
    }

    private void thread(String name, boolean daemon, Runnable body) {
        Thread t = new Thread(body, "link-relay-" + name);
        t.setDaemon(daemon);
        t.start();
    }

    /** Stops listening and closes every relayed connection. Never throws. */
    @Override
    public void close() {
        closed = true;
        List<java.io.Closeable> all = new ArrayList<>(servers.values());
        all.addAll(sockets);
        for (java.io.Closeable c : all) {
            try {
                c.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
