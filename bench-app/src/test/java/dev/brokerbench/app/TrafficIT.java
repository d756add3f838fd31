package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.BacklogDrain;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.ScheduleStep;
import dev.brokerbench.core.result.SizeClasses;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload group (w1 backlog and drain, w2 a size mix, w3 a rate schedule, w4 slow consumers) on Artemis and
 * RabbitMQ through their own protocols: every message arrives once, and each case's own figure says what it should.
 * RabbitMQ's JMS path is left out: its client loses a publisher confirm now and then when a queue confirms out of order
 * (docs/findings), which would fail w2 by chance.
 */
@Wide
class TrafficIT {
    private static final List<String> CASES = List.of("w1", "w2", "w3", "w4");
    private static final String SCALE = "0.01";

    @TempDir
    Path tmp;

    @Test
    void eachWorkloadRunsOnArtemisAndRabbitMqWithExactAccountingAndItsOwnFigures() throws Exception {
        Map<String, List<String>> paths = Map.of("artemis", List.of("artemis-core-jms"),
                "rabbitmq", List.of("rabbitmq-amqp091"));
        List<RunResult> results = ItSupport.runEveryBroker(tmp, String.join(",", CASES), paths, CASES, "--scale", SCALE);

        for (RunResult r : results) {
            String cell = ItSupport.assertEveryMessageOnce(r);
            switch (r.workload().name()) {
                case "w1" -> backlogDrained(cell, r);
                case "w2" -> sizesCounted(cell, r);
                case "w3" -> stepsReported(cell, r);
                case "w4" -> consumersHeldToTheirProcessing(cell, r);
                default -> throw new AssertionError("unexpected case " + cell);
            }
        }
        for (String run : List.of("run0", "run1")) {
            assertThat(java.nio.file.Files.readString(tmp.resolve(run).resolve("summary.md")))
                    .as(run + ": the report's latency by size").contains("## Latency by message size")
                    .contains("| 2,048 B |").contains("| 65,536 B |");
        }
    }

    /** The consumers started at the depth (not before), caught up, and the backlog's latency exceeds the rest's. */
    private static void backlogDrained(String cell, RunResult r) {
        Workload w = r.workload();
        BacklogDrain d = r.reportedPhase().backlog();
        long depth = ((LiveCase) w.shape()).backlog().messages();
        assertThat(d.depth()).as(cell).isGreaterThanOrEqualTo(depth);
        // at 2,000 msg/s a depth of 1,000 takes half a second: consumers that started at once would show ~0
        assertThat(d.startSeconds()).as(cell).isGreaterThanOrEqualTo(0.9 * depth / w.offeredRate());
        assertThat(d.catchUpSeconds()).as(cell + ": caught up").isNotNull();
        assertThat(d.backlog()).as(cell).isGreaterThanOrEqualTo(d.depth()).isLessThanOrEqualTo(w.messages());
        assertThat(d.during().count() + (d.after() == null ? 0 : d.after().count())).as(cell)
                .isEqualTo(r.accounting().received());
    }

    /** MB/s counts the bodies drawn from the mix: the mean body is the mix's, and the drain read what was sent. */
    private static void sizesCounted(String cell, RunResult r) {
        PhaseResult published = r.phases().get(0);
        PhaseResult drained = r.phases().get(1);
        double mean = r.workload().sizes().meanBytes();
        // 2,000 draws of a mix of sd 19,500 B: the sample mean's sd is 440 B, and 25 % of 10,240 is 5.8 of them (a
        // bound of 10 %, 2.3 sd, failed a CI run by chance: 11,304 B); the exact check is the one below
        assertThat(published.bytes() / (double) published.completed()).as(cell).isBetween(0.75 * mean, 1.25 * mean);
        assertThat(drained.bytes()).as(cell + ": every body arrived at its size").isEqualTo(published.bytes());
        assertThat(published.megabytesPerSecond()).as(cell).isGreaterThan(0);
        SizeClasses bySize = published.bySize();
        assertThat(bySize.classes()).as(cell).extracting(SizeClasses.SizeClass::label)
                .containsExactly("2,048 B", "8,192 B", "65,536 B");
        assertThat(bySize.count()).as(cell + ": every confirmation in one class").isEqualTo(published.latency().count())
                .isEqualTo(published.completed());
        // each class of this mix is one size: its confirmations times that size are the bytes the rate counted
        assertThat(bySize.classes().stream().mapToLong(c -> c.latency().count() * c.minBytes()).sum())
                .as(cell + ": the bytes counted are the drawn bodies'").isEqualTo(published.bytes());
    }

    /** Every message belongs to one step, each step's latency counts its messages, and sends were paced. */
    private static void stepsReported(String cell, RunResult r) {
        List<ScheduleStep> steps = r.reportedPhase().steps();
        assertThat(steps).as(cell).hasSize(((LiveCase) r.workload().shape()).schedule().steps().size());
        assertThat(steps.stream().mapToLong(ScheduleStep::sent).sum()).as(cell).isEqualTo(r.accounting().sent());
        assertThat(steps.stream().mapToLong(ScheduleStep::arrived).sum()).as(cell)
                .isEqualTo(r.accounting().received());
        assertThat(steps).allSatisfy(s -> assertThat(s.endToEnd().count()).as(cell).isEqualTo(s.arrived()));
        assertThat(r.phases().get(0).sendDelay().count()).as(cell).isEqualTo(r.accounting().sent());
    }

    /** Consumers that wait 2 ms per message take at most 2,000 msg/s together, whatever the broker could do. */
    private static void consumersHeldToTheirProcessing(String cell, RunResult r) {
        double ceiling = r.workload().processing().ceiling(r.workload().consumers());
        assertThat(r.reportedPhase().rate().overall()).as(cell).isLessThanOrEqualTo(ceiling * 1.02);
        assertThat(r.reportedPhase().rate().windowMax()).as(cell).isLessThanOrEqualTo(ceiling * 1.05);
    }
}
