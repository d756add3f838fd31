package dev.brokerbench.core.spi;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Names for a driver's scratch queues (e.g. a probe that measures what the broker counts for one message): fresh
 * each time, and exactly as long as a real queue's name, where the name is part of what the broker counts.
 */
public final class ScratchQueues {
    private ScratchQueues() {
    }

    /** {@code prefix} and random letters, cut or filled to exactly {@code length} characters (at least 1). */
    public static String name(String prefix, int length) {
        StringBuilder name = new StringBuilder(prefix);
        while (name.length() < length) {
            name.append((char) ('a' + ThreadLocalRandom.current().nextInt(26)));
        }
        name.setLength(Math.max(1, length));
        return name.toString();
    }
}
