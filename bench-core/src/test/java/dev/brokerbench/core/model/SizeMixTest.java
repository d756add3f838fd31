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

    /** The draw picks share i for a pick in [sum of the weights before it, that sum + its weight). */
    @Test
    void aWeightedDrawPicksTheShareWhoseRunOfWeightsHoldsThePick() {
        SizeMix.Weighted mix = (SizeMix.Weighted) SizeMix.parse("10:1,20:5,30:2,40:1");
        for (long seq = 0; seq < 20_000; seq++) {
            long pick = Long.remainderUnsigned(draw(7, seq), 9);
            int expected = pick < 1 ? 10 : pick < 6 ? 20 : pick < 8 ? 30 : 40;
            assertThat(mix.sizeOf(7, seq)).as("seq " + seq).isEqualTo(expected);
        }
    }

    /** SizeMix's draw, restated: SplitMix64's finalizer. */
    private static long draw(long stream, long sequence) {
        long z = stream * 0x9E3779B97F4A7C15L + sequence + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Test
    void aFileOfLengthsIsTheWeightedListOfWhatItHolds() {
        SizeMix lines = SizeMix.fromLengths("sizes.txt", java.util.List.of("# lengths seen", "2048", "65536",
                "", "2048  # again", "2048"));
        assertThat(lines.text()).isEqualTo("2048:3,65536:1");
        SizeMix histogram = SizeMix.fromLengths("h.txt", java.util.List.of("512 10", "4096,30", "512 5"));
        assertThat(histogram.text()).isEqualTo("512:15,4096:30");
        assertThat(histogram.meanBytes()).isEqualTo((512.0 * 15 + 4096 * 30) / 45);
        java.util.List<String> many = new java.util.ArrayList<>();
        for (int i = 1; i <= SizeMix.MAX_SIZES; i++) {
            many.add(String.valueOf(i * 3));
        }
        SizeMix wide = SizeMix.fromLengths("wide.txt", many);
        Map<Integer, Integer> drawn = new HashMap<>();
        for (long seq = 0; seq < 200_000; seq++) {
            drawn.merge(wide.sizeOf(1, seq), 1, Integer::sum);
        }
        assertThat(drawn).as("every one of 1,024 lengths drawn").hasSize(SizeMix.MAX_SIZES);
        assertThat(wide.meanBytes()).isEqualTo(3 * (SizeMix.MAX_SIZES + 1) / 2.0);
        many.add("5");
        assertThatThrownBy(() -> SizeMix.fromLengths("wider.txt", many)).isInstanceOf(InvalidConfigException.class)
                .hasMessage("wider.txt: holds 1025 different lengths, at most 1024: put them in classes (a length"
                        + " per class with its count)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2048;2k           | line 2: must be a length in bytes",
            "2048;4096 1 1     | line 2: must be a length in bytes",
            "2048;4096 0       | line 2: must be a length in bytes",
            "2048;-5           | line 2: must be a length in bytes",
            "2048;;2048        | must hold at least two different lengths, got 1 (one size is payloadBytes)",
            "#;#               | must hold at least two different lengths, got 0"})
    void aBadFileOfLengthsNamesTheFileAndLine(String lines, String says) {
        assertThatThrownBy(() -> SizeMix.fromLengths("f.txt", java.util.List.of(lines.split(";", -1))))
                .isInstanceOf(InvalidConfigException.class).hasMessageStartingWith("f.txt: ")
                .hasMessageContaining(says);
    }

    @Test
    void anAtFileIsReadRelativeToItsBaseAndOnlyThere(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("lengths.txt"), "100\n300\n300\n");
        assertThat(SizeMix.read("@lengths.txt", dir).text()).isEqualTo("100:1,300:2");
        assertThat(SizeMix.read("100..300", dir).text()).isEqualTo("100..300");
        assertThatThrownBy(() -> SizeMix.read("@missing.txt", dir)).isInstanceOf(InvalidConfigException.class)
                .hasMessageStartingWith("field 'sizes': " + dir.resolve("missing.txt") + " cannot be read");
        assertThatThrownBy(() -> SizeMix.parse("@lengths.txt")).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("a file of lengths (@FILE) is read from the command line");
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
