package dev.brokerbench.core.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** The first errors of a phase (bounded), plus how many there were in all. Thread-safe. */
public final class ErrorLog {
    private static final int KEEP = 20;
    private final List<String> first = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong total = new AtomicLong();

    ErrorLog() {
    }

    void add(String where, Throwable t) {
        long n = total.incrementAndGet();
        if (n <= KEEP) {
            first.add(where + ": " + describe(t));
        }
    }

    void add(String message) {
        long n = total.incrementAndGet();
        if (n <= KEEP) {
            first.add(message);
        }
    }

    List<String> snapshot() {
        List<String> copy;
        synchronized (first) {
            copy = new ArrayList<>(first);
        }
        long n = total.get();
        if (n > KEEP) {
            copy.add("... and " + (n - KEEP) + " more errors");
        }
        return List.copyOf(copy);
    }

    /** The exception's class, message and first cause, on one line (for a result's errors and setup messages). */
    public static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder(t.getClass().getSimpleName());
        if (t.getMessage() != null) {
            sb.append(": ").append(t.getMessage());
        }
        Throwable cause = t.getCause();
        if (cause != null && cause != t) {
            sb.append(" (caused by ").append(cause.getClass().getSimpleName());
            if (cause.getMessage() != null) {
                sb.append(": ").append(cause.getMessage());
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
