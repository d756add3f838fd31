package dev.brokerbench.core.result;

/**
 * How the consumers of a live case drained the backlog they found when they started.
 *
 * @param depth            messages the publishers had confirmed when the consumers started (none taken yet): the
 *                         queue's depth then
 * @param backlog          first receipts of messages sent (at their intended time) before the consumers started: the
 *                         depth, and sends that were not yet confirmed
 * @param startSeconds     from the publishers' start to the consumers' start (how long the backlog took to build)
 * @param catchUpSeconds   from the consumers' start to their first receipt of the last backlog message: the time to
 *                         reach the messages that waited when they started (newer ones may still wait then:
 *                         {@code waitingAtCatchUp}); null when a message handed to the library before they started
 *                         never arrived (until 2026-11-29 it was given whenever any backlog message arrived)
 * @param drainRate        first receipts per second over that time (backlog and newer messages alike); null as above
 * @param during           end-to-end latency of the first receipts until the consumers caught up
 * @param after            end-to-end latency of the first receipts after it (the publishers' rate once drained); null
 *                         when none came after
 * @param sentBefore       messages handed to the client library before the consumers started; null in results
 *                         written before 2026-11-29
 * @param waitingAtCatchUp messages sent (intended) before the catch-up instant and first received after it: how far
 *                         behind the publishers the consumers still were when the last backlog message arrived (0
 *                         when they were level); null without a catch-up, and in results written before 2026-11-29
 */
public record BacklogDrain(long depth, long backlog, double startSeconds, Double catchUpSeconds, Double drainRate,
                           LatencySummary during, LatencySummary after, Long sentBefore, Long waitingAtCatchUp) {
}
