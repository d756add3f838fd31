package dev.brokerbench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.LatencyLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Interval by interval latencies, as HdrHistogram's own log reader reads them back. */
class HistogramLogTest {
    @TempDir
    Path tmp;

    @Test
    void eachSampleClosesAnIntervalOfWhatEveryClientRecordedSinceTheLast() throws Exception {
        LatencyRecorder recorder = new LatencyRecorder(2);
        for (int i = 1; i <= 100; i++) {
            recorder.record(0, i * 1_000L);
        }
        recorder.sample();
        Thread.sleep(5);
        recorder.record(1, 7_000_000L);
        recorder.record(0, 9_000_000L);
        Histogram total = recorder.histogram(); // closes the second interval

        LatencyLog log = recorder.log();
        assertThat(log.intervals()).extracting(LatencyLog.Interval::count).containsExactly(100L, 2L);
        assertThat(log.count()).isEqualTo(total.getTotalCount()).isEqualTo(102);
        assertThat(log.intervals().get(0).endMillis()).isEqualTo(log.intervals().get(1).startMillis());
        assertThat(log.intervals().get(1).endMillis()).isGreaterThan(log.intervals().get(1).startMillis());
        assertThat(total.getMaxValue()).isEqualTo(total.highestEquivalentValue(9_000_000L));
    }

    @Test
    void theLogIsWhatHdrHistogramsReaderReadsIntervalByInterval() throws Exception {
        LatencyRecorder recorder = new LatencyRecorder(1);
        List<Long> perInterval = List.of(10L, 0L, 250L);
        for (long count : perInterval) {
            for (long i = 1; i <= count; i++) {
                recorder.record(0, i * 50_000L);
            }
            recorder.sample();
        }
        Histogram total = recorder.histogram(); // an empty fourth interval
        Path file = tmp.resolve("histograms").resolve("cell__publish__confirm.hlog");
        recorder.log().write(file, "test latency");

        assertThat(Files.readString(file)).startsWith("#brokerbench: test latency, values in nanoseconds")
                .contains("#[Histogram log format version");
        List<Long> counts = new ArrayList<>();
        Histogram read = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            counts.add(((Histogram) h).getTotalCount());
            read.add((Histogram) h);
        }
        assertThat(counts).containsExactly(10L, 0L, 250L, 0L);
        assertThat(read.getTotalCount()).isEqualTo(total.getTotalCount());
        assertThat(read.getValueAtPercentile(99)).isEqualTo(total.getValueAtPercentile(99));
        assertThat(read.getMaxValue()).isEqualTo(total.getMaxValue());
    }
}
