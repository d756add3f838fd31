package dev.brokerbench.core.run;

import java.util.concurrent.TimeUnit;

/**
 * A client's sends in the order made, each with its deadline: since every send waits the same timeout, deadlines
 * only grow along it. A send whose call was answered or sent again stays queued until it reaches the head, and is
 * dropped there.
 */
final class SendQueue {
    /** Tells whether a queued send is still its call's latest, unanswered. */
    @FunctionalInterface
    interface Current {
        boolean test(long call, int attempt);
    }

    private long[] calls = new long[16];
    private int[] attempts = new int[16];
    private long[] deadlines = new long[16];
    private int head;
    private int size;

    void add(long call, int attempt, long deadline) {
        if (size == calls.length) {
            grow();
        }
        int at = (head + size) % calls.length;
        calls[at] = call;
        attempts[at] = attempt;
        deadlines[at] = deadline;
        size++;
    }

    /** The deadline of the oldest current send (stale ones dropped); far ahead when none is queued. */
    long nextDeadline(Current current) {
        dropStale(current);
        return size == 0 ? System.nanoTime() + TimeUnit.SECONDS.toNanos(1) : deadlines[head];
    }

    /** Whether the oldest current send is past its deadline at {@code now}. */
    boolean overdue(long now, Current current) {
        dropStale(current);
        return size > 0 && deadlines[head] - now <= 0;
    }

    /** Takes the oldest send off the queue; its call. */
    long pollCall() {
        long call = calls[head];
        head = (head + 1) % calls.length;
        size--;
        return call;
    }

    private void dropStale(Current current) {
        while (size > 0 && !current.test(calls[head], attempts[head])) {
            pollCall();
        }
    }

    private void grow() {
        int n = calls.length;
        long[] c = new long[n * 2];
        int[] a = new int[n * 2];
        long[] d = new long[n * 2];
        for (int i = 0; i < size; i++) {
            c[i] = calls[(head + i) % n];
            a[i] = attempts[(head + i) % n];
            d[i] = deadlines[(head + i) % n];
        }
        calls = c;
        attempts = a;
        deadlines = d;
        head = 0;
    }
}
