package dev.brokerbench.core.result;

/**
 * How the consumers of a live case drained the backlog they found when they started.
 *
 * @param depth          messages the publishers had confirmed when the consumers started (none taken yet): the
 *                       queue's depth then
 * @param backlog        messages sent before the consumers started, every one of which they received (the depth, and
 *                       sends that were not yet confirmed)
 * @param startSeconds   from the publishers' start to the consumers' start (how long the backlog took to build)
 * @param catchUpSeconds from the consumers' start to their first receipt of the last backlog message: the time to
 *                       catch up; null when a backlog message never arrived
 * @param drainRate      first receipts per second over that time (backlog and newer messages alike); null as above
 * @param during         end-to-end latency of the first receipts until the consumers caught up
 * @param after          end-to-end latency of the first receipts after it (the publishers' rate once drained); null
 *                       when none came after
 */
public record BacklogDrain(long depth, long backlog, double startSeconds, Double catchUpSeconds, Double drainRate,
                           LatencySummary during, LatencySummary after) {
}
