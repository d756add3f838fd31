package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DestinationsTest {
    @ParameterizedTest
    @CsvSource({"100, 4", "1000, 4", "10, 3", "1, 32", "4, 4", "3, 8", "7, 7"})
    void everyQueueHasAPublisherAndEachMessageGoesToOneOfItsPublishersQueues(int queues, int publishers) {
        Destinations d = new Destinations(queues, 1);
        int[] served = new int[queues];
        for (int p = 0; p < publishers; p++) {
            int[] mine = d.queuesOf(p, publishers);
            assertThat(mine).isSorted().isNotEmpty();
            Arrays.stream(mine).forEach(q -> served[q]++);
            for (long seq = 0; seq < 3L * mine.length; seq++) {
                // the publisher's session for this sequence is its (seq mod n)-th queue
                assertThat(d.route(p, publishers, seq)).isEqualTo(mine[(int) (seq % mine.length)]);
            }
        }
        assertThat(Arrays.stream(served).boxed()).as("each queue has a publisher; one each when there are fewer"
                + " publishers than queues").allMatch(n -> n >= 1).allMatch(n -> publishers >= queues || n == 1);
    }

    @Test
    void consumersOfAQueueAreQueuesApart() {
        Destinations d = new Destinations(3, 2);
        assertThat(d.consumers()).isEqualTo(6);
        assertThat(IntStream.range(0, 6).map(d::queueOf)).containsExactly(0, 1, 2, 0, 1, 2);
    }

    @Test
    void namesArePaddedToTheLastIndex() {
        assertThat(new Destinations(1000, 1).name("q", 7)).isEqualTo("q.007");
        assertThat(new Destinations(10, 1).name("q", 9)).isEqualTo("q.9");
        assertThat(new Destinations(1, 1).name("q", 0)).isEqualTo("q.0");
    }

    @Test
    void boundsNameTheField() {
        assertThatThrownBy(() -> new Destinations(0, 1)).hasMessageContaining("destinations.queues");
        assertThatThrownBy(() -> new Destinations(1025, 1)).hasMessageContaining("destinations.queues");
        assertThatThrownBy(() -> new Destinations(600, 2)).hasMessageContaining("destinations.consumersPerQueue");
    }

    @Test
    void aWorkloadOnManyQueuesRefusesWhatCannotBeSpread() {
        Phase live = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        Workload w = Workload.of("w", List.of(live));
        assertThat(w.withDestinations(new Destinations(10, 1)).consumers()).isEqualTo(10);
        assertThat(w.withDestinations(new Destinations(10, 1)).queueOf(3)).isEqualTo("w.3");
        Workload topic = w.withShape(new LiveCase(live, new Topic(2, true), null));
        assertThatThrownBy(() -> topic.withDestinations(new Destinations(10, 1)))
                .hasMessageContaining("destinations").hasMessageContaining("not a topic");
        Workload transacted = Workload.of("x", List.of(new Phase("p", Action.PUBLISH, PublishMode.TRANSACTED, true),
                new Phase("d", Action.CONSUME, null, false)));
        assertThatThrownBy(() -> transacted.withDestinations(new Destinations(2, 1)))
                .hasMessageContaining("transacted publish");
    }
}
