package dev.brokerbench.core.experiment;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.spi.Driver;

/**
 * A deliberate slowdown of one client path, for measuring what the regression gate can catch (never for a comparison:
 * every result it touches carries a caveat saying so). In each measured pass of {@code clientPath} the clients of the
 * reported phase (publishers of a publish case, consumers of a consume case) all stop once, when half the pass's
 * messages are done, for {@code fraction / (1 - fraction)} of the time the whole pass would take at the first half's
 * pace (twice the first half's time): a pass that would have taken T takes about {@code T / (1 - fraction)}, so its
 * rate falls by {@code fraction}, and it keeps its own noise (a slow pass is slowed as much as a fast one, in
 * proportion).
 *
 * <p>(Three earlier designs missed the stated fraction. Holding each client thread back in proportion to its own time
 * slowed only what the client limited: RabbitMQ's sync publish by 18-19 %, its consume cells not at all. Holding each
 * client to a quarter of the rate overshot where the broker fed consumers unevenly: 34 % for 20 %. Holding the
 * clients together to {@code 1 - fraction} of the last warm-up pass's rate undershot wherever the measured pass ran
 * slower than the warm-up: 20 % became 9-16 % per cell, 12 % on average, on 2026-11-24.)
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
     * The driver of a measured pass of {@code messages} per phase: when it is this slowdown's path, its clients of
     * the {@code reported} action stall once halfway ({@link SlowedDriver}); otherwise {@code driver} itself. A new
     * driver for each measured pass: the count starts at its first message.
     */
    public Driver applyTo(Driver driver, Action reported, long messages) {
        if (!slows(driver.info().clientPath()) || messages < 2
                || (reported != Action.PUBLISH && reported != Action.CONSUME)) {
            return driver;
        }
        return new SlowedDriver(driver, reported, messages, fraction);
    }

    /** Whether {@code path} is the path this slowdown holds back. */
    boolean slows(String path) {
        return clientPath.equals(path);
    }

    /** What a result of the slowed path says about it. */
    public String caveat() {
        return String.format(java.util.Locale.ROOT, "test-only slowdown: the measured clients of %s stopped once,"
                + " halfway through each measured pass, so that the pass ran at about %.0f %% of its own rate"
                + " (--slowdown); not a figure of the broker or the path", clientPath, (1 - fraction) * 100);
    }
}
