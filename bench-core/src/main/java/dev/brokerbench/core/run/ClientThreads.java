package dev.brokerbench.core.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Runs one phase's clients, each on its own thread: every client first opens its session, then all start together
 * (session set-up is not measured), and the phase ends when every client is done or the deadline passes.
 */
final class ClientThreads {

    /** Opens one client's session. */
    interface Opener<S extends AutoCloseable> {
        S open(int client) throws Exception;
    }

    /** The measured work of one client. */
    interface Body<S extends AutoCloseable> {
        void run(int client, S session) throws Exception;
    }

    private ClientThreads() {
    }

    /**
     * @param onStart called with the common start time, after every session is open and before any client works
     * @return false if the deadline passed and clients were interrupted
     */
    static <S extends AutoCloseable> boolean run(String phase, int clients, Opener<S> opener, Body<S> body,
                                                 LongConsumer onStart, Duration openTimeout, Duration deadline,
                                                 ErrorLog errors) throws InterruptedException {
        CountDownLatch opened = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            Thread t = new Thread(() -> {
                S session = null;
                try {
                    session = opener.open(client);
                } catch (Exception e) {
                    errors.add(phase + " client " + client + " open", e);
                } finally {
                    opened.countDown();
                }
                if (session == null) {
                    return;
                }
                try (S s = session) {
                    go.await();
                    body.run(client, s);
                } catch (InterruptedException e) {
                    errors.add(phase + " client " + client + " interrupted at the phase deadline");
                } catch (Exception e) {
                    errors.add(phase + " client " + client, e);
                }
            }, phase + "-client-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        boolean inTime = true;
        try {
            if (!opened.await(openTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                errors.add(phase + ": sessions not open after " + openTimeout.toSeconds() + " s");
            }
            onStart.accept(System.nanoTime());
            go.countDown();
            long end = System.nanoTime() + deadline.toNanos();
            for (Thread t : threads) {
                long left = end - System.nanoTime();
                if (left > 0) {
                    TimeUnit.NANOSECONDS.timedJoin(t, left);
                }
                if (t.isAlive()) {
                    inTime = false;
                }
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt); // no client outlives the phase that was interrupted
            throw e;
        }
        if (!inTime) {
            errors.add(phase + ": deadline of " + deadline.toSeconds() + " s passed; clients interrupted");
            threads.forEach(Thread::interrupt);
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
        return inTime;
    }
}
