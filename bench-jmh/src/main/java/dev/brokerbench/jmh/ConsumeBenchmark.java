package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.QueueFill;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Cases 5-6: four consumers (prefetch 1000) drain a queue pre-filled with {@code batch} persistent messages. Single
 * shot: the score is the time to drain one batch; msg/s = batch / score. The fill is not measured; consumers open
 * their sessions in set-up and subscribe inside the measured shot, so nothing is prefetched before the clock starts.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(4)
public class ConsumeBenchmark {

    /** The pre-filled queue of one iteration. */
    @State(Scope.Benchmark)
    public static class Filled {
        /** Messages per measured drain. */
        @Param("5000")
        public int batch;

        final AtomicLong received = new AtomicLong();

        @Setup(Level.Iteration)
        public void fill(BrokerTarget target) throws Exception {
            received.set(0);
            QueueFill.fill(() -> target.driver.publisher(target.queue), FILLERS, batch, target.payload,
                    Targets.WINDOW, Duration.ofSeconds(60));
        }
    }

    /** One consumer session, opened after the fill. */
    @State(Scope.Thread)
    public static class Client {
        Consumer consumer;

        @Setup(Level.Iteration)
        public void open(BrokerTarget target, Filled filled) throws Exception {
            consumer = target.driver.consumer(target.queue);
        }

        @TearDown(Level.Iteration)
        public void close() throws Exception {
            consumer.acknowledge();
            consumer.close();
        }
    }

    /** Publishers that fill the queue before each drain, at once (a sync-only path fills that much faster). */
    static final int FILLERS = 4;

    /** A drain that receives nothing for this long has lost messages: the benchmark fails rather than hangs. */
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(30);
    /**
     * How long a receive waits before the thread checks whether the batch is complete: when another thread takes
     * the last message, the others notice within this, so idle threads add at most this to the measured shot.
     */
    static final long POLL_MILLIS = 2;

    @Benchmark
    public long drain(Filled filled, Client client) throws Exception {
        client.consumer.start(); // subscribes now: nothing is prefetched before the measured shot
        long mine = 0;
        long last = System.nanoTime();
        while (filled.received.get() < filled.batch) {
            if (client.consumer.receive(POLL_MILLIS, (stream, sequence, sendNanos, bytes, redelivered) -> {
            })) {
                filled.received.incrementAndGet();
                mine++;
                last = System.nanoTime();
            } else if (System.nanoTime() - last > STALL_NANOS) {
                throw new IllegalStateException("drain stalled: " + filled.received.get() + " of " + filled.batch
                        + " messages received");
            }
        }
        return mine;
    }
}
