package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.Stamp;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** The stamp as three record headers, each an 8-byte big-endian long. */
final class KafkaStamp {
    private KafkaStamp() {
    }

    static Headers headers(Stamp stamp) {
        RecordHeaders h = new RecordHeaders();
        h.add(Stamp.STREAM, bytes(stamp.stream()));
        h.add(Stamp.SEQUENCE, bytes(stamp.sequence()));
        h.add(Stamp.SEND_NANOS, bytes(stamp.sendNanos()));
        return h;
    }

    /** The long in header {@code name}, or {@code absent}. */
    static long read(Headers headers, String name, long absent) {
        Header h = headers.lastHeader(name);
        return h == null || h.value() == null || h.value().length != Long.BYTES ? absent
                : ByteBuffer.wrap(h.value()).getLong();
    }

    static byte[] bytes(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
