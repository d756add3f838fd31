package dev.brokerbench.core.result;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of a latency histogram in microseconds, plus the full histogram (HdrHistogram compressed, base64) so
 * results can be merged and re-plotted later.
 */
public record LatencySummary(long count, double minMicros, double meanMicros, double p50Micros, double p90Micros,
                             double p99Micros, double p999Micros, double p9999Micros, double maxMicros,
                             String histogram) {

    public static LatencySummary of(Histogram h) {
        return new LatencySummary(h.getTotalCount(), micros(h.getMinValue()), micros(h.getMean()),
                micros(h.getValueAtPercentile(50)), micros(h.getValueAtPercentile(90)),
                micros(h.getValueAtPercentile(99)), micros(h.getValueAtPercentile(99.9)),
                micros(h.getValueAtPercentile(99.99)), micros(h.getMaxValue()), encode(h));
    }

    public Histogram decode() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(histogram)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalStateException("corrupt histogram in result", e);
        }
    }

    private static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        out.write(buffer.array(), 0, length);
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    private static double micros(double nanos) {
        return Math.round(nanos / 10.0) / 100.0;
    }
}
