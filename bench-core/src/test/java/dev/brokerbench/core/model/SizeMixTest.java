package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SizeMixTest {

    @Test
    void aWeightedListDrawsEachSizeInProportionToItsWeight() {
        SizeMix mix = SizeMix.parse("2048:6, 8192:3, 65536:1");
        Map<Integer, Integer> drawn = new HashMap<>();
        int n = 100_000;
        for (int stream = 0; stream < 4; stream++) {
            for (long seq = 0; seq < n / 4; seq++) {
                drawn.merge(mix.sizeOf(0x5EED_0000L | stream, seq), 1, Integer::sum);
            }
        }
        assertThat(drawn.keySet()).containsExactlyInAnyOrder(2048, 8192, 65536);
        // binomial sd at n = 100,000 is at most 0.16 %: 1 % is over six of them
        assertThat(drawn.get(2048) / (double) n).isCloseTo(0.6, org.assertj.core.data.Offset.offset(0.01));
        assertThat(drawn.get(8192) / (double) n).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(drawn.get(65536) / (double) n).isCloseTo(0.1, org.assertj.core.data.Offset.offset(0.01));
        assertThat(mix.meanBytes()).isEqualTo(10_240);
        assertThat(mix.nominalBytes()).isEqualTo(10_240);
        assertThat(mix.maxBytes()).isEqualTo(65_536);
        assertThat(mix.text()).isEqualTo("2048:6,8192:3,65536:1");
    }

    @Test
    void aRangeDrawsEverySizeWithinItAndTheSameSizeForTheSameMessage() {
        SizeMix mix = SizeMix.parse("100..199");
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (long seq = 0; seq < 50_000; seq++) {
            int size = mix.sizeOf(42, seq);
            assertThat(mix.sizeOf(42, seq)).isEqualTo(size);
            min = Math.min(min, size);
            max = Math.max(max, size);
            sum += size;
        }
        assertThat(min).isEqualTo(100);
        assertThat(max).isEqualTo(199);
        assertThat(sum / 50_000.0).isCloseTo(149.5, org.assertj.core.data.Offset.offset(0.5));
        assertThat(mix.sizeOf(42, 7)).as("another stream draws its own sizes").satisfiesAnyOf(
                s -> assertThat(mix.sizeOf(43, 7)).isNotEqualTo(s), s -> assertThat(mix.sizeOf(44, 7)).isNotEqualTo(s));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2048                 | must list at least two sizes",
            "2048:1,2048:3        | must list each size once",
            "2048:0,4096          | weights must be 1..1000000",
            "-1:1,4096            | sizes must be 0..",
            "1k:2,4096            | must be whole numbers of bytes",
            "4096..2048           | must be a range MIN..MAX",
            "1..2..3              | must be one range MIN..MAX",
            "2048:1:1,4096        | must list SIZE or SIZE:WEIGHT"})
    void badMixesNameTheKeyAndSayWhy(String text, String says) {
        assertThatThrownBy(() -> SizeMix.parse(text)).isInstanceOf(InvalidConfigException.class)
                .hasMessageStartingWith("field 'sizes'").hasMessageContaining(says);
    }

    @Test
    void aWorkloadWithAMixRecordsItsMeanAsPayloadBytesAndRefusesAPayloadBytesSweep() {
        Workload w = Workload.of("w", Shape.of(java.util.List.of(
                        new Phase("publish", Action.PUBLISH, PublishMode.ASYNC, true),
                        new Phase("drain", Action.CONSUME, null, false))))
                .withSizes(SizeMix.parse("1000..3000"));
        assertThat(w.payloadBytes()).isEqualTo(2000);
        assertThat(w.maxPayloadBytes()).isEqualTo(3000);
        assertThat(w.clientSpec().payloadBytes()).as("a path converting prefetch to bytes converts with the mean")
                .isEqualTo(2000);
        assertThatThrownBy(() -> w.withSweep(new Sweep(Sweep.Variable.PAYLOAD_BYTES, java.util.List.of(1L, 2L))))
                .hasMessageContaining("payloadBytes cannot be swept in a case with a size mix");
        assertThatThrownBy(() -> w.withMessage(10, true).toBuilder().message(10, SizeMix.parse("1..3"), true).build())
                .hasMessageContaining("'payloadBytes' must not be set beside sizes");
    }
}
