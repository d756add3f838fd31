package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Request/reply server sessions spread over processes of their own ({@link RpcServerProcessMain}), as one server:
 * every receipt a process reports is counted and passed on to the phase, and {@link #kill()} kills the first process
 * with SIGKILL while the others answer on. {@link #received()} first asks each living process to confirm that every
 * receipt it wrote was read, so a count taken just after the last reply misses none.
 */
public final class ProcessRpcServer implements RpcServer {
    private static final long SYNC_MILLIS = 10_000;
    private final List<Child> children;

    /** One server process: its count, its sync replies, its reader. */
    private static final class Child {
        final Process process;
        final int sessions;
        final StderrTail stderr;
        final AtomicLong received = new AtomicLong();
        final Semaphore synced = new Semaphore(0);
        final Semaphore ready = new Semaphore(0);
        final Thread reader;
        volatile String error;
        volatile boolean serving;
        volatile boolean killed;

        Child(Process process, int sessions, ServerReceipt onReceive) {
            this.process = process;
            this.sessions = sessions;
            this.stderr = StderrTail.of(process);
            this.reader = new Thread(() -> read(onReceive), "server-process-" + process.pid());
            reader.setDaemon(true);
            reader.start();
        }

        private void read(ServerReceipt onReceive) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16))) {
                for (ServerWire.Record r = ServerWire.read(in); r != ServerWire.END; r = ServerWire.read(in)) {
                    switch (r.tag()) {
                        case ServerWire.RECEIPT -> {
                            received.incrementAndGet();
                            onReceive.received(r.correlationId(), r.nanos());
                        }
                        case ServerWire.SYNCED -> synced.release();
                        case ServerWire.READY -> {
                            serving = true;
                            ready.release();
                        }
                        default -> error = r.message();
                    }
                }
            } catch (IOException e) {
                error = e.toString();
            }
            ready.release(); // whoever waits learns the process is gone
        }

        String describe(int index, int of) {
            return "server process " + (index + 1) + " of " + of + " (pid " + process.pid() + ", " + sessions
                    + (sessions == 1 ? " session)" : " sessions)");
        }
    }

    private ProcessRpcServer(List<Child> children) {
        this.children = children;
    }

    /**
     * Starts one process per command (each serving the sessions given with it) and waits until each serves.
     *
     * @param commands  each process's command line
     * @param sessions  each process's sessions, in the same order
     * @param onReceive told of every request any of them received
     * @throws IOException when one fails to start in time (the others are stopped), with its stderr
     */
    static ProcessRpcServer start(List<List<String>> commands, List<Integer> sessions, ServerReceipt onReceive,
                                  Duration timeout) throws IOException, InterruptedException {
        List<Child> children = new ArrayList<>();
        ProcessRpcServer server = new ProcessRpcServer(children);
        try {
            for (int i = 0; i < commands.size(); i++) {
                // stdin stays a pipe the suite holds: when the suite dies, the child sees end-of-file and stops
                children.add(new Child(new ProcessBuilder(commands.get(i)).start(), sessions.get(i), onReceive));
            }
            for (int i = 0; i < children.size(); i++) {
                Child c = children.get(i);
                if (!c.ready.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS) || !c.serving) {
                    String why = c.error != null ? "failed: " + c.error : c.process.isAlive()
                            ? "did not serve within " + timeout.toSeconds() + " s" : "exited before it served";
                    throw new IOException(c.describe(i, children.size()) + " " + why + c.stderr.text());
                }
            }
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** SIGKILL of the first process; returns which it was. Its pipes stay open: what it wrote is still read. */
    public String kill() {
        Child first = children.get(0);
        first.killed = true;
        first.process.toHandle().destroyForcibly();
        return first.describe(0, children.size());
    }

    /** The processes' pids, for their CPU time. */
    public List<Long> pids() {
        return children.stream().map(c -> c.process.pid()).toList();
    }

    /**
     * Requests received by every process: each living one is first asked to confirm all it wrote was read; a dead
     * one's pipe is read to its end.
     *
     * @throws IllegalStateException when a process that was not killed died, or did not answer in time
     */
    @Override
    public long received() throws InterruptedException {
        long total = 0;
        for (int i = 0; i < children.size(); i++) {
            Child c = children.get(i);
            if (c.process.isAlive()) {
                try {
                    OutputStream in = c.process.getOutputStream();
                    in.write(ServerWire.SYNC);
                    in.flush();
                } catch (IOException e) {
                    // it died just now: its pipe is read to its end below
                }
                if (!c.synced.tryAcquire(SYNC_MILLIS, TimeUnit.MILLISECONDS) && c.process.isAlive()) {
                    throw new IllegalStateException(c.describe(i, children.size()) + " did not report its count"
                            + " within " + SYNC_MILLIS / 1000 + " s" + c.stderr.text());
                }
            }
            if (!c.process.isAlive()) {
                c.reader.join(SYNC_MILLIS);
                if (!c.killed) {
                    throw new IllegalStateException(c.describe(i, children.size()) + " exited unexpectedly with code "
                            + c.process.exitValue() + (c.error == null ? "" : ": " + c.error) + c.stderr.text());
                }
            }
            total += c.received.get();
        }
        return total;
    }

    /** Closes each process's stdin: it stops; killed if it takes too long. */
    @Override
    public void close() throws InterruptedException {
        for (Child c : children) {
            try {
                c.process.getOutputStream().close();
            } catch (IOException e) {
                // already gone
            }
        }
        for (Child c : children) {
            if (!c.process.waitFor(20, TimeUnit.SECONDS)) {
                c.process.destroyForcibly();
                c.process.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
