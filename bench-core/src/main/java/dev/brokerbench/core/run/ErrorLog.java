package dev.brokerbench.core.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The first errors of a phase and the last few (bounded), plus how many there were in all: the first say how it went
 * wrong, the last how it ended (e.g. the sends a client gave up on after a failover). Thread-safe.
 */
public final class ErrorLog {
    private static final int KEEP = 20;
    private static final int KEEP_LAST = 5;
    private final List<String> first = new ArrayList<>();
    private final java.util.ArrayDeque<String> last = new java.util.ArrayDeque<>(KEEP_LAST);
    private long total;

    ErrorLog() {
    }

    void add(String where, Throwable t) {
        add(where + ": " + describe(t));
    }

    synchronized void add(String message) {
        message = dev.brokerbench.core.broker.CredentialMask.mask(message);
        total++;
        if (total <= KEEP) {
            first.add(message);
            return;
        }
        if (last.size() == KEEP_LAST) {
            last.removeFirst();
        }
        last.addLast(message);
    }

    synchronized List<String> snapshot() {
        List<String> copy = new ArrayList<>(first);
        long between = total - KEEP - last.size();
        if (between > 0) {
            copy.add("... and " + between + " more errors, then the last " + last.size() + ":");
        }
        copy.addAll(last);
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
        return dev.brokerbench.core.broker.CredentialMask.mask(sb.toString());
    }
}
