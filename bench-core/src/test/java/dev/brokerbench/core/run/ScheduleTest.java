package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ScheduleTest {
    private static final List<String> CELLS = IntStream.range(0, 24).mapToObj(i -> "cell" + i).toList();

    private static List<String> names(List<Schedule.Slot<String>> slots) {
        return slots.stream().map(s -> s.cell() + "#" + s.repeat()).toList();
    }

    @Test
    void theSameSeedGivesTheSameOrder() {
        assertThat(names(new Schedule(3, 42).order(CELLS))).isEqualTo(names(new Schedule(3, 42).order(CELLS)));
    }

    @Test
    void anotherSeedGivesAnotherOrder() {
        assertThat(names(new Schedule(3, 42).order(CELLS))).isNotEqualTo(names(new Schedule(3, 43).order(CELLS)));
    }

    @Test
    void everyRepeatRunsEveryCellOnceInItsOwnShuffledOrder() {
        List<Schedule.Slot<String>> slots = new Schedule(3, 7).order(CELLS);
        assertThat(slots).hasSize(72);
        for (int repeat = 1; repeat <= 3; repeat++) {
            int r = repeat;
            List<String> round = slots.stream().filter(s -> s.repeat() == r).map(Schedule.Slot::cell).toList();
            assertThat(round).containsExactlyInAnyOrderElementsOf(CELLS).isNotEqualTo(CELLS);
            // a repeat runs after the one before it: the cells of all brokers interleave within each repeat
            assertThat(slots.subList((r - 1) * 24, r * 24)).allMatch(s -> s.repeat() == r);
        }
        assertThat(slots.get(0).cell()).isIn(CELLS);
        assertThat(slots.stream().map(Schedule.Slot::position)).containsExactlyElementsOf(
                IntStream.range(0, 72).boxed().toList());
        assertThat(names(slots.subList(0, 24))).isNotEqualTo(names(slots.subList(24, 48)).stream()
                .map(n -> n.replace("#2", "#1")).toList());
    }

    @Test
    void warmUpRoundsRunEveryCellFirstAndAreMarkedAsSuch() {
        List<Schedule.Slot<String>> slots = new Schedule(2, 7, 1).order(CELLS);
        assertThat(slots).hasSize(72);
        assertThat(slots.subList(0, 24)).allMatch(Schedule.Slot::warmup)
                .extracting(Schedule.Slot::cell).containsExactlyInAnyOrderElementsOf(CELLS);
        assertThat(slots.subList(24, 72)).noneMatch(Schedule.Slot::warmup);
        // the reported rounds are those of a schedule without warm-up: adding one does not reshuffle them
        assertThat(names(slots.subList(24, 72))).isEqualTo(names(new Schedule(2, 7).order(CELLS)));
        assertThatThrownBy(() -> new Schedule(1, 1, 11)).hasMessageContaining("warmupRounds must be 0..10");
    }

    @Test
    void repeatsOutsideTheRangeAreRefusedByName() {
        assertThatThrownBy(() -> new Schedule(0, 1)).hasMessageContaining("repeats must be 1..100, got 0");
    }
}
