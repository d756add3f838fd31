package dev.brokerbench.app.omb;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.RateSearch;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Topic;
import dev.brokerbench.core.model.Workload;
import java.util.List;
import java.util.Locale;

/**
 * A workload in OpenMessaging Benchmark's format, key by key as OMB's {@code Workload} class names them, and the
 * suite's workload it maps to ({@link #toWorkload}): one live case of persistent messages published async, each key
 * honoured or refused with the reason (docs/omb.md gives the mapping). Unknown keys are refused by the reader.
 *
 * @param name                      OMB: the workload's name; here its title
 * @param topics                    OMB: topics to create; here queues ({@link Destinations}) each with its own
 *                                  producers and consumers, on one subscription each
 * @param partitionsPerTopic        OMB: partitions per topic; here the suite's Kafka topic's 4
 * @param keyDistributor            OMB: how records get keys; here NO_KEY (the suite sends none)
 * @param messageSize               OMB: the body size in bytes
 * @param useRandomizedPayloads     OMB: bodies from a pool of random ones; the suite's bodies are random anyway
 * @param randomBytesRatio          OMB: the random share of a randomized body (the rest zero); here the same
 *                                  ({@link RandomBytes}) with useRandomizedPayloads, ignored without it as OMB does
 * @param randomizedPayloadPoolSize OMB: the pool's size; no meaning here (each stream has its own random body)
 * @param payloadFile               OMB: a file whose bytes are the body; here only messageSize counts (bodies are
 *                                  random bytes of that size: a broker here neither compresses nor reads them)
 * @param subscriptionsPerTopic     OMB: subscriptions; 1 is a queue its consumers share, N > 1 a topic with N
 *                                  durable subscriptions of one consumer each
 * @param producersPerTopic         OMB: producers of each topic; here the clients that publish, times the topics
 * @param consumerPerSubscription   OMB: consumers per subscription; on one subscription the consumers of each queue,
 *                                  on several 1
 * @param producerRate              OMB: messages per second of all producers; 0 searches the highest rate, here the
 *                                  suite's rate search and one point at the rate it found
 * @param consumerBacklogSizeGB     OMB: a backlog of this many GiB the consumers drain; here a {@link Backlog} of as
 *                                  many messages of messageSize
 * @param backlogDrainRatio         OMB: the share of the backlog to drain; here 1.0 (every message is accounted)
 * @param testDurationMinutes       OMB: the test's length; here its messages (producerRate x the minutes), or the
 *                                  search's point's length
 * @param warmupDurationMinutes     OMB: the warm-up's length; here the warm-up pass's messages
 */
public record OmbWorkload(String name, Integer topics, Integer partitionsPerTopic, String keyDistributor,
                          Integer messageSize, Boolean useRandomizedPayloads, Double randomBytesRatio,
                          Integer randomizedPayloadPoolSize, String payloadFile, Integer subscriptionsPerTopic,
                          Integer producersPerTopic, Integer consumerPerSubscription, Integer producerRate,
                          Double consumerBacklogSizeGB, Double backlogDrainRatio, Integer testDurationMinutes,
                          Integer warmupDurationMinutes) {
    /** The suite's queue on Kafka has this many partitions (one per consumer of the parity settings). */
    public static final int PARTITIONS = 4;
    /** OMB's default warm-up, in minutes. */
    public static final int DEFAULT_WARMUP_MINUTES = 1;
    /** The --case group OMB workloads run under. */
    public static final String GROUP = "omb";

    /** The suite's workload this file describes, named {@code caseName}. */
    public Workload toWorkload(String caseName) {
        check(name != null && !name.isBlank(), "name", "must be set", name);
        int topicCount = or(topics, 1);
        check(topicCount >= 1 && topicCount <= Destinations.MAX_QUEUES, "topics", "must be 1.."
                + Destinations.MAX_QUEUES, topics);
        check(partitionsPerTopic == null || partitionsPerTopic == PARTITIONS, "partitionsPerTopic", "must be "
                + PARTITIONS + ": the suite's Kafka topic has " + PARTITIONS + " partitions, one per consumer of the"
                + " parity settings (a JMS queue has none)", partitionsPerTopic);
        check(keyDistributor == null || keyDistributor.equals("NO_KEY"), "keyDistributor",
                "must be NO_KEY: the suite sends no record keys", keyDistributor);
        check(messageSize != null && messageSize >= 0 && messageSize <= Workload.MAX_PAYLOAD_BYTES, "messageSize",
                "must be 0.." + Workload.MAX_PAYLOAD_BYTES + " bytes", messageSize);
        RandomBytes share = RandomBytes.of(randomBytesRatio); // checked even where OMB would not use it
        RandomBytes random = Boolean.TRUE.equals(useRandomizedPayloads) ? share : RandomBytes.ALL;
        int subscriptions = or(subscriptionsPerTopic, 1);
        int producers = or(producersPerTopic, 1);
        int consumers = or(consumerPerSubscription, 1);
        check(subscriptions >= 1 && subscriptions <= Topic.MAX_SUBSCRIBERS, "subscriptionsPerTopic",
                "must be 1.." + Topic.MAX_SUBSCRIBERS, subscriptions);
        check(producers >= 1 && (long) producers * topicCount <= Workload.MAX_CLIENTS, "producersPerTopic",
                "must be 1.." + Workload.MAX_CLIENTS / topicCount + " (topics x producersPerTopic at most "
                        + Workload.MAX_CLIENTS + ")", producers);
        check(subscriptions == 1 || topicCount == 1, "subscriptionsPerTopic", "must be 1 with several topics:"
                + " topics here are queues (one subscription each), and one topic fans out to subscriptions",
                subscriptions);
        check(subscriptions == 1 ? consumers >= 1 && (long) consumers * topicCount <= Workload.MAX_CLIENTS
                : consumers == 1, "consumerPerSubscription", subscriptions == 1 ? "must be 1.."
                        + Workload.MAX_CLIENTS / topicCount + " (topics x consumerPerSubscription at most "
                        + Workload.MAX_CLIENTS + ")"
                        : "must be 1 on several subscriptions: a topic's subscriber here is one client", consumers);
        int rate = or(producerRate, 0);
        check(rate >= 0, "producerRate", "must be >= 0 (0 searches the highest rate)", rate);
        check(backlogDrainRatio == null || backlogDrainRatio == 1.0, "backlogDrainRatio",
                "must be 1.0: the suite drains every message (each one is accounted)", backlogDrainRatio);
        double backlogGb = consumerBacklogSizeGB == null ? 0 : consumerBacklogSizeGB;
        check(backlogGb >= 0, "consumerBacklogSizeGB", "must be >= 0", backlogGb);
        check(backlogGb == 0 || rate > 0, "consumerBacklogSizeGB",
                "needs a producerRate: the publishers go on at it while the consumers drain", backlogGb);
        check(backlogGb == 0 || subscriptions == 1, "consumerBacklogSizeGB",
                "needs one subscription (a queue): a topic's subscribers would have to subscribe before it builds",
                backlogGb);
        check(backlogGb == 0 || messageSize > 0, "consumerBacklogSizeGB", "needs a messageSize above 0",
                messageSize);
        int minutes = or(testDurationMinutes, 0);
        check(minutes >= 1 && minutes <= 24 * 60, "testDurationMinutes", "must be 1..1440", testDurationMinutes);
        int warmupMinutes = or(warmupDurationMinutes, DEFAULT_WARMUP_MINUTES);
        check(warmupMinutes >= 0 && warmupMinutes <= 24 * 60, "warmupDurationMinutes", "must be 0..1440",
                warmupMinutes);

        Phase live = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        Topic topic = subscriptions == 1 ? null : new Topic(subscriptions, true);
        String title = "OMB " + name;
        int publishers = producers * topicCount;
        // one queue whose consumers pair with its producers is the suite's plain live case; anything else spreads
        // the producers over the topics' queues, each with its own consumers
        Destinations queues = subscriptions == 1 && (topicCount > 1 || consumers != producers)
                ? new Destinations(topicCount, consumers) : null;
        Workload base = Workload.of(caseName, List.of(live)).toBuilder()
                .named(caseName, title).queue("bench." + caseName).destinations(queues).clients(publishers)
                .group(GROUP).idleTimeoutSeconds(15).randomBytes(random).build().withMessage(messageSize, true);
        if (rate == 0) {
            // OMB's producerRate 0 searches the highest rate: the suite's rate search, then a point at 100 % of it
            RateSearch search = new RateSearch(1000, 5, minutes * 60.0);
            return base.toBuilder().messages(publishers, 0)
                    .shape(new LiveCase(live, topic, search, null, null))
                    .sweep(new Sweep(Sweep.Variable.RATE_PERCENT, List.of(100L))).build().validated();
        }
        long measured = Math.round(rate * 60.0 * minutes);
        long backlog = Math.round(backlogGb * (1L << 30) / Math.max(1, messageSize));
        long warmup = Math.round(rate * 60.0 * warmupMinutes);
        return base.toBuilder().messages(Math.max(publishers, measured + backlog), warmup == 0 ? 0
                        : Math.max(publishers, warmup))
                .ratePerSecond(rate / (double) publishers)
                .shape(new LiveCase(live, topic, null, null, backlog == 0 ? null : new Backlog(backlog)))
                .build().validated();
    }

    private static int or(Integer value, int fallback) {
        return value != null ? value : fallback;
    }

    /** The case name of an OMB file: its file name without {@code .yaml}, as a suite name. */
    public static String caseName(String fileName) {
        String stem = fileName.replaceFirst("\\.ya?ml$", "").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[^a-z0-9]+|[^a-z0-9]+$", "");
        return stem.isEmpty() ? "omb" : stem;
    }
}
