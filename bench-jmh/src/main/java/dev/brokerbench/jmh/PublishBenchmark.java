package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.concurrent.TimeUnit;
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
 * Sync: one op = one broker-confirmed message. Async: one op = one broker confirmation: the op keeps the client's
 * 1000-message window full (sends while it has free permits), then waits for one confirmation and takes it, so the
 * score is the broker's confirmation rate over the iteration, not the rate at which the window admits sends (which
 * runs up to the window ahead of it, and every iteration starts with the window empty). A failed confirmation fails
 * the benchmark; what is still in flight when an iteration ends is confirmed, uncounted, before the next.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(4)
public class PublishBenchmark {
    /** How long an op or an iteration's end waits for confirmations before the benchmark fails. */
    static final long CONFIRM_TIMEOUT_SECONDS = 60;

    /** One client: its own publisher session and stream. */
    @State(Scope.Thread)
    public static class Client {
        Publisher publisher;
        long stream;
        long sequence;
        ConfirmedWindow window;

        @Setup(Level.Trial)
        public void open(BrokerTarget target) throws Exception {
            publisher = target.driver.publisher(target.queue);
            stream = System.identityHashCode(this);
            window = new ConfirmedWindow(Targets.WINDOW);
        }

        /** What was sent and not confirmed when the iteration ended is confirmed now, outside it, and not counted. */
        @TearDown(Level.Iteration)
        public void settle() throws Exception {
            window.settle(CONFIRM_TIMEOUT_SECONDS);
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            try {
                window.settle(CONFIRM_TIMEOUT_SECONDS);
            } finally {
                publisher.close();
            }
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

    @Benchmark
    public void publishSync(BrokerTarget target, Client client, EmptyQueue emptied) throws Exception {
        client.publisher.send(new Stamp(client.stream, client.sequence++, System.nanoTime()), target.payload);
    }

    @Benchmark
    public void publishAsync(BrokerTarget target, Client client, EmptyQueue emptied) throws Exception {
        while (client.window.admit()) {
            client.publisher.sendAsync(new Stamp(client.stream, client.sequence++, System.nanoTime()), target.payload,
                    client.window);
        }
        client.window.take(CONFIRM_TIMEOUT_SECONDS);
    }
}
