package dev.brokerbench.core.result;

import dev.brokerbench.core.model.RateSchedule;

/**
 * One step of a live case's rate schedule, as it ran: its messages are those whose intended send time fell within
 * it, timed from that time.
 *
 * @param step         the step as scheduled: its rate (or a ramp's two) and length
 * @param sent         messages the publishers sent in it (by intended send time); in results written before
 *                     2026-11-29, those of them that were received ({@code arrived}'s count)
 * @param receivedRate first receipts per second within the step's time, counted from the publishers' start
 * @param endToEnd     from each of its messages' intended send to its first receipt; null when none arrived
 * @param sendDelay    how late its sends left behind the schedule; null when none was sent
 * @param arrived      of its messages, those received; null in results written before 2026-11-29
 */
public record ScheduleStep(RateSchedule.Step step, long sent, double receivedRate, LatencySummary endToEnd,
                           LatencySummary sendDelay, Long arrived) {
}
