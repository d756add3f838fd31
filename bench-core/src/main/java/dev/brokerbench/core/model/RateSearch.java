package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * How a latency curve finds the highest rate a broker and client path sustain before it measures at fractions of it:
 * live steps of {@code stepSeconds} each at an offered total rate starting from {@code startRate}, doubled while the
 * path keeps up and then bisected; every point of the curve then runs for {@code pointSeconds}. What "keeps up" means
 * is the run's {@code RateSearcher} rule, recorded with the result.
 *
 * @param startRate    the first step's offered rate, messages per second of all publishers together
 * @param stepSeconds  how long each step publishes (at scale 1)
 * @param pointSeconds how long each point of the curve publishes (at scale 1)
 */
public record RateSearch(double startRate, double stepSeconds, double pointSeconds) {
    /** Scaled, a step publishes at least this long: shorter, the clients' start-up dominates it. */
    public static final double MIN_STEP_SECONDS = 2;
    /** Scaled, a point publishes at least this long. */
    public static final double MIN_POINT_SECONDS = 3;

    public RateSearch {
        check(startRate >= 1 && startRate <= 10_000_000 && Double.isFinite(startRate), "search.startRate",
                "must be 1..10000000 messages per second (all publishers together)", startRate);
        check(stepSeconds >= 1 && stepSeconds <= 600, "search.stepSeconds", "must be 1..600", stepSeconds);
        check(pointSeconds >= 1 && pointSeconds <= 3600, "search.pointSeconds", "must be 1..3600", pointSeconds);
    }

    /** The same search with its steps and points {@code scale} times as long, no shorter than the minimums. */
    public RateSearch scaled(double scale) {
        return new RateSearch(startRate, Math.max(MIN_STEP_SECONDS, stepSeconds * scale),
                Math.max(MIN_POINT_SECONDS, pointSeconds * scale));
    }
}
