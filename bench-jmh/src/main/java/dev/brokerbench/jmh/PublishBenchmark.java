package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Cases 1-4: persistent publish by four threads, each its own connection and session (one client), as ops/s.
 * Sync: one op = one broker-confirmed message. Async: one op = one send admitted by the 1000-message window; the
 * {@code confirmed} counter is the broker's confirmation rate (equal in steady state).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(4)
public class PublishBenchmark {

    /** One client: its own publisher session and stream. */
    @State(Scope.Thread)
    public static class Client {
        Publisher publisher;
        long stream;
        long sequence;
        Semaphore window;

        @Setup(Level.Trial)
        public void open(BrokerTarget target) throws Exception {
            publisher = target.driver.publisher(target.queue);
            stream = System.identityHashCode(this);
            window = new Semaphore(Targets.WINDOW);
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (!window.tryAcquire(Targets.WINDOW, 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("async sends still unconfirmed after 60 s");
            }
            publisher.close();
        }
    }

    /**
     * Empties the queue after every iteration: persistent messages must not pile up on the broker across iterations
     * (the next iteration would measure a broker paging or blocking, not the same work).
     */
    @State(Scope.Benchmark)
    public static class EmptyQueue {
        @TearDown(Level.Iteration)
        public void drain(BrokerTarget target) throws Exception {
            Targets.drain(target.driver, target.queue);
        }
    }

    /** Broker confirmations of async sends, reported as a rate next to the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Confirmed {
        final AtomicLong count = new AtomicLong();

        public long confirmed() {
            return count.get();
        }

        @Setup(Level.Iteration)
        public void reset() {
            count.set(0);
        }
    }

    @Benchmark
    public void publishSync(BrokerTarget target, Client client, EmptyQueue emptied) throws Exception {
        client.publisher.send(new Stamp(client.stream, client.sequence++, System.nanoTime()), target.payload);
    }

    @Benchmark
    public void publishAsync(BrokerTarget target, Client client, Confirmed confirmed, EmptyQueue emptied)
            throws Exception {
        if (!client.window.tryAcquire(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no confirmation for 60 s with the window full");
        }
        client.publisher.sendAsync(new Stamp(client.stream, client.sequence++, System.nanoTime()), target.payload,
                new Confirmation() {
                    @Override
                    public void confirmed() {
                        confirmed.count.incrementAndGet();
                        client.window.release();
                    }

                    @Override
                    public void failed(Throwable cause) {
                        client.window.release();
                    }
                });
    }
}
