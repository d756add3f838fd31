package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The suite's side of a consumer process: its reports arrive as deliveries, as if it were a local consumer. The child
 * acknowledges by itself, after reporting, so {@link #acknowledge()} does nothing here. {@link #kill()} is SIGKILL;
 * afterwards the consumer only reports what the child wrote before it died. {@link #pause()} is SIGSTOP.
 */
public final class ProcessConsumer implements Consumer {
    private final Process process;
    private final BlockingQueue<ConsumerWire.Record> records = new LinkedBlockingQueue<>();
    private final StderrTail stderr;
    private volatile boolean killed;
    private boolean ended;

    private ProcessConsumer(Process process) {
        this.process = process;
        Thread reader = new Thread(this::readRecords, "consumer-process-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        this.stderr = StderrTail.of(process);
    }

    static ProcessConsumer start(List<String> command, Duration timeout) throws IOException, InterruptedException {
        // stdin stays a pipe the suite holds: when the suite dies, the child sees end-of-file and stops
        ProcessConsumer consumer = new ProcessConsumer(new ProcessBuilder(command).start());
        ConsumerWire.Record first = consumer.records.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (first == null || first.tag() != ConsumerWire.READY) {
            consumer.process.destroyForcibly();
            String why = first == null ? "did not open its consumer within " + timeout.toSeconds() + " s"
                    : first.tag() == ConsumerWire.ERROR ? "failed: " + first.message()
                    : "exited before its consumer was open";
            throw new IOException("consumer process " + why + consumer.stderr.text());
        }
        return consumer;
    }

    private void readRecords() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16))) {
            ConsumerWire.Record r;
            do {
                r = ConsumerWire.read(in);
                records.add(r);
            } while (r != ConsumerWire.END);
        } catch (IOException e) {
            records.add(new ConsumerWire.Record(ConsumerWire.ERROR, 0, 0, 0, 0, false, e.toString()));
            records.add(ConsumerWire.END);
        }
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        if (ended) {
            Thread.sleep(timeoutMillis);
            return false;
        }
        ConsumerWire.Record r = records.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (r == null) {
            return false;
        }
        if (r.tag() == ConsumerWire.DELIVERY) {
            sink.accept(r.stream(), r.sequence(), r.sendNanos(), r.payloadBytes(), r.redelivered());
            return true;
        }
        ended = true;
        if (r.tag() == ConsumerWire.ERROR) {
            throw new IllegalStateException("consumer process " + process.pid() + " failed: " + r.message());
        }
        if (!killed) {
            process.waitFor(5, TimeUnit.SECONDS);
            throw new IllegalStateException("consumer process " + process.pid() + " exited unexpectedly"
                    + (process.isAlive() ? "" : " with code " + process.exitValue()) + stderr.text());
        }
        return false;
    }

    /** Tells the child to subscribe: one byte on its stdin (which otherwise only ends, as its lifeline). */
    @Override
    public void start() throws IOException {
        var in = process.getOutputStream();
        in.write(ConsumerWire.START);
        in.flush();
    }

    /** Nothing to do: the process acknowledges what it reported. */
    @Override
    public void acknowledge() {
    }

    /**
     * SIGKILL: the consumer dies with whatever it had received but not acknowledged. Sent through the process handle,
     * which leaves the pipes open (Process.destroyForcibly would close them and drop reports still in the pipe,
     * turning messages the child had reported and acknowledged into false losses).
     */
    public void kill() {
        killed = true;
        process.toHandle().destroyForcibly();
    }

    /**
     * SIGSTOP: the consumer process stands still, as in a long collection, its connection open and its prefetched
     * messages held, until {@link #resume()}; waits until the kernel reports it stopped.
     */
    public void pause() {
        Signals.send(process.pid(), "STOP");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (process.isAlive() && !Signals.stopped(process.pid())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("consumer process " + process.pid() + " not stopped 2 s after"
                        + " SIGSTOP");
            }
            Thread.onSpinWait();
        }
    }

    /** SIGCONT to a {@link #pause() paused} consumer process. */
    public void resume() {
        Signals.send(process.pid(), "CONT");
    }

    public long pid() {
        return process.pid();
    }

    /** Closes the process's stdin: it acknowledges what it reported and exits; killed if it takes too long. */
    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
