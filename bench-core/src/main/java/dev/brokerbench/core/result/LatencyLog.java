package dev.brokerbench.core.result;

import dev.brokerbench.core.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The latencies of one phase interval by interval, written as HdrHistogram's interval log (the format jHiccup writes
 * and HistogramLogAnalyzer, HistogramLogProcessor and HdrHistogram's plotting page read): values in nanoseconds,
 * each interval stamped with its start and length, the maximum column in milliseconds. Each interval is kept
 * compressed: 781 bytes for 4,000 values, where the histogram (1 hour, 3 digits) takes 270,848 bytes (HdrHistogram
 * 2.2.2; the encoding took about 0.2 ms).
 *
 * @param intervals in time order
 */
public record LatencyLog(List<Interval> intervals) {
    public LatencyLog {
        intervals = List.copyOf(intervals);
    }

    /**
     * One interval.
     *
     * @param startMillis when it began, milliseconds since the epoch
     * @param endMillis   when it ended
     * @param count       values recorded in it
     * @param compressed  its histogram, {@link Histogram#encodeIntoCompressedByteBuffer} encoded
     */
    public record Interval(long startMillis, long endMillis, long count, byte[] compressed) {
        /**
         * An interval as a file holds it, checked where it is read (not while a phase records its intervals): the
         * bytes must decode.
         *
         * @throws dev.brokerbench.core.model.InvalidConfigException when they are missing or do not decode
         */
        @com.fasterxml.jackson.annotation.JsonCreator
        static Interval read(@com.fasterxml.jackson.annotation.JsonProperty("startMillis") long startMillis,
                             @com.fasterxml.jackson.annotation.JsonProperty("endMillis") long endMillis,
                             @com.fasterxml.jackson.annotation.JsonProperty("count") long count,
                             @com.fasterxml.jackson.annotation.JsonProperty("compressed") byte[] compressed) {
            if (compressed == null) {
                throw new dev.brokerbench.core.model.InvalidConfigException("compressed: missing");
            }
            decode(compressed);
            return new Interval(startMillis, endMillis, count, compressed);
        }

        /** {@code histogram}, compressed, with its start and end time stamps. */
        public static Interval of(Histogram histogram) {
            ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
            int length = histogram.encodeIntoCompressedByteBuffer(buffer);
            byte[] bytes = new byte[length];
            buffer.flip();
            buffer.get(bytes);
            return new Interval(histogram.getStartTimeStamp(), histogram.getEndTimeStamp(),
                    histogram.getTotalCount(), bytes);
        }

        Histogram histogram() {
            Histogram h = decode(compressed);
            h.setStartTimeStamp(startMillis);
            h.setEndTimeStamp(endMillis);
            return h;
        }

        private static Histogram decode(byte[] compressed) {
            try {
                return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
            } catch (java.util.zip.DataFormatException | RuntimeException e) {
                throw new dev.brokerbench.core.model.InvalidConfigException("compressed: the bytes do not decode as"
                        + " an HdrHistogram (" + e + ")");
            }
        }
    }

    /** Writes the log to {@code file}, replacing it whole ({@link AtomicFiles}); {@code what} names the latency. */
    public void write(Path file, String what) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(bytes, false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(print);
            writer.outputComment("brokerbench: " + what + ", values in nanoseconds");
            writer.outputLogFormatVersion();
            long start = intervals.isEmpty() ? 0 : intervals.get(0).startMillis();
            writer.outputStartTime(start);
            writer.setBaseTime(start);
            writer.outputLegend();
            for (Interval interval : intervals) {
                // time stamps relative to the base time; the max column divided by 1e6 (the writer's default): ms
                writer.outputIntervalHistogram(interval.histogram());
            }
        }
        AtomicFiles.write(file, bytes.toByteArray());
    }

    /** Every interval's values in one histogram; empty (a default histogram) without intervals. */
    public Histogram total() {
        Histogram total = null;
        for (Interval interval : intervals) {
            Histogram h = interval.histogram();
            if (total == null) {
                total = h.copy();
            } else {
                total.add(h);
            }
        }
        return total == null ? new Histogram(3) : total;
    }

    /** Every value of every interval. */
    public long count() {
        return intervals.stream().mapToLong(Interval::count).sum();
    }
}
