package dev.brokerbench.core.experiment;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.spi.Driver;

/**
 * A deliberate slowdown of one client path, for showing that the regression gate catches a real regression (never
 * for a comparison: every result it touches carries a caveat saying so). In each measured pass of {@code clientPath}
 * the clients of the reported phase (publishers of a publish case, consumers of a consume case) are held to
 * {@code 1 - fraction} of the rate the cell reached in its last warm-up pass, together, on one schedule: a path that
 * ran steadily at R runs at {@code (1 - fraction) x R} whether the client or the broker set the pace.
 *
 * <p>(Holding each client thread back in proportion to its own time, the first design, slowed only what the client
 * limited: RabbitMQ's sync publish by 18-19 %, its consume cells not at all, since the prefetched messages waited in
 * the client while it was held back. Holding each client to a quarter of the rate, the second, overshot where the
 * broker fed the consumers unevenly: the path lost 34 %.)
 *
 * @param clientPath the client path slowed (e.g. {@code rabbitmq-amqp091})
 * @param fraction   the share of its rate taken away, more than 0 and at most 0.9
 */
public record Slowdown(String clientPath, double fraction) {
    public Slowdown {
        if (clientPath == null || clientPath.isBlank()) {
            throw new IllegalArgumentException("clientPath must be set");
        }
        if (!(fraction > 0 && fraction <= 0.9)) {
            throw new IllegalArgumentException("fraction must be in (0, 0.9], got " + fraction);
        }
    }

    /**
     * The driver of a measured pass: when it is this slowdown's path and the warm-up gave a rate, its
     * clients of the {@code reported} action are held to {@code (1 - fraction) x warmupRate} together; otherwise
     * {@code driver} itself. A new driver for each measured pass: the schedule starts at its first message.
     */
    public Driver applyTo(Driver driver, Action reported, double warmupRate) {
        if (!slows(driver.info().clientPath()) || !(warmupRate > 0) || !Double.isFinite(warmupRate)
                || (reported != Action.PUBLISH && reported != Action.CONSUME)) {
            return driver;
        }
        return new SlowedDriver(driver, reported, (1 - fraction) * warmupRate);
    }

    /** Whether {@code path} is the path this slowdown holds back. */
    boolean slows(String path) {
        return clientPath.equals(path);
    }

    /** What a result of the slowed path says about it. */
    public String caveat() {
        return String.format(java.util.Locale.ROOT, "test-only slowdown: the measured clients of %s held to %.0f %%"
                + " of the rate of the cell's last warm-up pass (--slowdown); not a figure of the broker or the path",
                clientPath, (1 - fraction) * 100);
    }
}
