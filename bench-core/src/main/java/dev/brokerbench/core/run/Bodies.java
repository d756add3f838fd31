package dev.brokerbench.core.run;

import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * The message bodies of one stream: random bytes (seeded by the stream), all of the workload's one size, or of the
 * size its {@link SizeMix} draws for each message. A weighted mix's sizes are made once; a range's bodies are cut
 * from one body of its largest size as they are sent (a fresh array each: a library may hold it until confirmed).
 * With {@link RandomBytes} below 1, only the first share of each body is random and the rest zero, whatever its size.
 */
final class Bodies {
    private final Workload workload;
    private final long stream;
    private final byte[] largest;
    private final Map<Integer, byte[]> made = new HashMap<>();

    Bodies(Workload workload, long stream) {
        this.workload = workload;
        this.stream = stream;
        this.largest = new byte[workload.maxPayloadBytes()];
        new Random(stream).nextBytes(largest);
        if (workload.sizes() == null) {
            zeroTail(largest);
        }
    }

    /** Zeroes what follows the random share of {@code body} (nothing when every byte is to be random). */
    private byte[] zeroTail(byte[] body) {
        RandomBytes random = workload.randomBytes();
        if (!random.all()) {
            Arrays.fill(body, random.randomOf(body.length), body.length, (byte) 0);
        }
        return body;
    }

    /** The body of message {@code sequence}. */
    byte[] of(long sequence) {
        SizeMix mix = workload.sizes();
        if (mix == null) {
            return largest;
        }
        int size = mix.sizeOf(stream, sequence);
        if (mix instanceof SizeMix.Weighted) {
            return made.computeIfAbsent(size, n -> zeroTail(Arrays.copyOf(largest, n)));
        }
        return zeroTail(Arrays.copyOf(largest, size));
    }

    /** The size of message {@code sequence}'s body. */
    int sizeOf(long sequence) {
        return workload.sizeOf(stream, sequence);
    }
}
