package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProcessingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2ms          | FIXED       | 2000    | 2000    | 2ms",
            "500us        | FIXED       | 500     | 500     | 500us",
            "1.5ms        | FIXED       | 1500    | 1500    | 1500us",
            "1ms..3ms     | UNIFORM     | 1000    | 3000    | 1ms..3ms",
            "exp:2ms      | EXPONENTIAL | 2000    | 2000    | exp:2ms",
            "2s           | FIXED       | 2000000 | 2000000 | 2s",
            "0            | FIXED       | 0       | 0       | 0"})
    void theWrittenFormsReadAndWriteBack(String text, Processing.Distribution d, long low, long high, String back) {
        Processing p = Processing.parse(text);
        assertThat(p).isEqualTo(new Processing(d, low, high));
        assertThat(p.text()).isEqualTo(back);
        assertThat(Processing.parse(p.text())).isEqualTo(p);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2            | must give a unit",
            "2 minutes    | must give a unit",
            "3ms..1ms     | must be a range LOW..HIGH",
            "exp:0ms      | must have a mean above 0",
            "61s          | must be whole microseconds up to 60s",
            "0.5us        | must be whole microseconds",
            "ms           | must be a number with a unit"})
    void badTimesNameTheKeyAndSayWhy(String text, String says) {
        assertThatThrownBy(() -> Processing.parse(text)).isInstanceOf(InvalidConfigException.class)
                .hasMessageStartingWith("field 'processing'").hasMessageContaining(says);
    }

    @Test
    void theCeilingIsTheConsumersOverTheMeanTime() {
        assertThat(Processing.parse("2ms").ceiling(4)).isEqualTo(2000);
        assertThat(Processing.parse("1ms..3ms").ceiling(4)).isEqualTo(2000);
        assertThat(Processing.NONE.ceiling(4)).isInfinite();
    }

    @Test
    void drawsFollowTheDistribution() {
        SplittableRandom random = new SplittableRandom(7);
        Processing uniform = Processing.parse("1ms..3ms");
        Processing exponential = Processing.parse("exp:2ms");
        double uniformSum = 0;
        double exponentialSum = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            long u = uniform.drawNanos(random);
            assertThat(u).isBetween(TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(3));
            uniformSum += u;
            exponentialSum += exponential.drawNanos(random);
        }
        assertThat(uniformSum / n).isCloseTo(2e6, Offset.offset(2e4));
        // an exponential's sd is its mean: at n = 100,000 the mean's sd is 0.3 %
        assertThat(exponentialSum / n).isCloseTo(2e6, Offset.offset(4e4));
        assertThat(Processing.parse("2ms").drawNanos(random)).isEqualTo(2_000_000);
    }

    @Test
    void callsRefuseIt() {
        Workload rpc = Workload.of("r", List.of(new Phase("rpc", Action.RPC, null, true)));
        assertThatThrownBy(() -> rpc.withProcessing(Processing.parse("2ms")))
                .hasMessageContaining("'processing' applies to consumers of a queue or topic");
    }
}
