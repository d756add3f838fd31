package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * Transactions that fail on purpose: each transacted client rolls back its {@code every}-th transaction instead of
 * committing it. A transacted publisher then sends the same messages again in a new transaction (a rolled-back send
 * that still reached the queue arrives twice); a transacted consumer's rolled-back messages go back to the broker,
 * which delivers them again, flagged as redelivered.
 *
 * @param every which transactions roll back: the {@code every}-th, {@code 2 * every}-th, ... of each client, 2..1000
 */
public record Rollback(int every) {
    public static final int MAX_EVERY = 1000;

    public Rollback {
        check(every >= 2 && every <= MAX_EVERY, "rollbackEvery", "must be 2.." + MAX_EVERY
                + " (every n-th transaction rolls back; leave it out for none)", every);
    }

    /** Whether a client's transaction number {@code transaction} (1, 2, ...) rolls back. */
    public boolean rollsBack(long transaction) {
        return transaction % every == 0;
    }
}
