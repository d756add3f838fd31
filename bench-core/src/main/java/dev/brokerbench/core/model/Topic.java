package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * A live workload on a topic instead of a queue: every message the publishers send is owed once to each of
 * {@code subscribers} subscriptions, each consumed by one client of its own.
 *
 * @param subscribers how many subscriptions (and subscribing clients) the topic fans out to
 * @param durable     durable subscriptions (they keep messages for a subscriber that is away) rather than
 *                    subscriptions that last as long as their consumer
 */
public record Topic(int subscribers, boolean durable) {
    public static final int MAX_SUBSCRIBERS = 256;

    public Topic {
        check(subscribers >= 1 && subscribers <= MAX_SUBSCRIBERS, "topic.subscribers",
                "must be 1.." + MAX_SUBSCRIBERS, subscribers);
    }

    /** The same topic fanning out to {@code n} subscribers. */
    public Topic withSubscribers(int n) {
        return new Topic(n, durable);
    }

    /** e.g. {@code 4 durable subscriptions}. */
    public String describe() {
        return subscribers + (durable ? " durable" : " non-durable") + " subscription" + (subscribers == 1 ? "" : "s");
    }
}
