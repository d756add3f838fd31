package dev.brokerbench.core.run;

import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * The message bodies of one stream: random bytes (seeded by the stream), all of the workload's one size, or of the
 * size its {@link SizeMix} draws for each message. A weighted mix's few sizes are made once; a range's bodies are cut
 * from one body of its largest size as they are sent (a fresh array each: a library may hold it until confirmed).
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
    }

    /** The body of message {@code sequence}. */
    byte[] of(long sequence) {
        SizeMix mix = workload.sizes();
        if (mix == null) {
            return largest;
        }
        int size = mix.sizeOf(stream, sequence);
        if (mix instanceof SizeMix.Weighted) {
            return made.computeIfAbsent(size, n -> n == largest.length ? largest : Arrays.copyOf(largest, n));
        }
        return Arrays.copyOf(largest, size);
    }

    /** The size of message {@code sequence}'s body. */
    int sizeOf(long sequence) {
        return workload.sizeOf(stream, sequence);
    }
}
