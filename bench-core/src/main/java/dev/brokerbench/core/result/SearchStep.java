package dev.brokerbench.core.result;

/**
 * One step of a rate search: a live pass at an offered rate, judged.
 *
 * @param offeredRate          msg/s the publishers were paced to, all together
 * @param publishedRate        confirmations per second
 * @param receivedRate         first receipts per second, from the publishers' start to the last receipt
 * @param confirmP99Micros     p99 from intended send to confirmation; null when sends are not confirmed
 * @param sendDelayP99Micros   p99 of how late sends left behind the schedule
 * @param endToEndP99Micros    p99 from intended send to first receipt
 * @param lagSeconds           how long after the schedule's end the last message arrived
 * @param verdict              sustained, or the first criterion it failed
 * @param detail               what failed, for a {@link StepVerdict#FAILED} step; null otherwise
 */
public record SearchStep(double offeredRate, double publishedRate, double receivedRate, Double confirmP99Micros,
                         double sendDelayP99Micros, double endToEndP99Micros, double lagSeconds, StepVerdict verdict,
                         String detail) {
    /** The same figures under another verdict. */
    public SearchStep as(StepVerdict other) {
        return new SearchStep(offeredRate, publishedRate, receivedRate, confirmP99Micros, sendDelayP99Micros,
                endToEndP99Micros, lagSeconds, other, detail);
    }
}
