package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * Many queues in place of the workload's one: {@code queues} queues named {@code <queue>.<index>}, each drained by
 * {@code consumersPerQueue} consumers of its own, and the workload's publishers spread over them. With at least as
 * many publishers as queues, publisher {@code p} sends to queue {@code p mod queues} only (fan-in: several publishers
 * to a queue); with fewer, publisher {@code p} serves the queues {@code p, p + publishers, p + 2 publishers, ...} and
 * sends its messages to them in turn (one session a queue, all on the publisher's thread). Which queue a message
 * goes to follows from its publisher and sequence number, so the consumers check each message arrived on its own
 * queue, and each queue is accounted apart.
 *
 * @param queues            how many queues, 1..{@link #MAX_QUEUES}
 * @param consumersPerQueue consumers on each queue, each a session and thread of its own
 */
public record Destinations(int queues, int consumersPerQueue) {
    /** The workload key it is written under. */
    public static final String FIELD = "destinations";
    public static final int MAX_QUEUES = 1024;

    public Destinations {
        check(queues >= 1 && queues <= MAX_QUEUES, FIELD + ".queues", "must be 1.." + MAX_QUEUES, queues);
        check(consumersPerQueue >= 1 && (long) queues * consumersPerQueue <= Workload.MAX_CLIENTS,
                FIELD + ".consumersPerQueue", "must be at least 1, and queues x consumersPerQueue at most "
                        + Workload.MAX_CLIENTS, consumersPerQueue);
    }

    /**
     * Parses {@code N} (N queues, a consumer each) or {@code NxK} (K consumers each).
     *
     * @throws InvalidConfigException naming the form when {@code text} is not one
     */
    public static Destinations parse(String text) {
        java.util.regex.Matcher m = text == null ? null
                : java.util.regex.Pattern.compile("\\s*(\\d{1,6})\\s*(?:x\\s*(\\d{1,6})\\s*)?").matcher(text);
        check(m != null && m.matches(), FIELD, "must be N (queues, a consumer each) or NxK (K consumers each),"
                + " e.g. 100 or 10x2", text);
        return new Destinations(Integer.parseInt(m.group(1)), m.group(2) == null ? 1 : Integer.parseInt(m.group(2)));
    }

    /** All the consumers, one session each. */
    public int consumers() {
        return queues * consumersPerQueue;
    }

    /** Queue {@code index}'s name: {@code base.<index>}, the index zero-padded to the width of the last one. */
    public String name(String base, int index) {
        int width = Integer.toString(queues - 1).length();
        return base + "." + String.format("%0" + width + "d", index);
    }

    /** The queue consumer {@code consumer} drains (a queue's consumers are {@code queues} apart). */
    public int queueOf(int consumer) {
        return consumer % queues;
    }

    /** The queues publisher {@code publisher} of {@code publishers} sends to, ascending. */
    public int[] queuesOf(int publisher, int publishers) {
        if (publishers >= queues) {
            return new int[] {publisher % queues};
        }
        int[] served = new int[(queues - publisher + publishers - 1) / publishers];
        for (int i = 0; i < served.length; i++) {
            served[i] = publisher + i * publishers;
        }
        return served;
    }

    /** The queue message {@code sequence} of publisher {@code publisher} of {@code publishers} is sent to. */
    public int route(int publisher, int publishers, long sequence) {
        if (publishers >= queues) {
            return publisher % queues;
        }
        int served = (queues - publisher + publishers - 1) / publishers;
        return publisher + (int) (sequence % served) * publishers;
    }

    /** E.g. "100 queues, 1 consumer each". */
    public String label() {
        return queues + (queues == 1 ? " queue, " : " queues, ") + consumersPerQueue
                + (consumersPerQueue == 1 ? " consumer" : " consumers") + (queues == 1 ? "" : " each");
    }
}
