package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Sizing;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default warm-up and {@code --duration} on a real broker: the warm-up runs until its reported phase lasted the
 * minimum time (whatever the scale) and says how long it took; the measured phase is sized from the warm-up's rate
 * to last the duration (sized again from its own rate when it missed it), and a later repeat measures as many
 * messages as the first; the cell's own queue is empty before the measured pass.
 */
class SizingIT {
    @TempDir
    Path tmp;

    @Test
    void theWarmUpLastsItsMinimumAndTheMeasuredPhaseTheDuration() {
        Path out = tmp.resolve("results");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "1",
                "--runtime", "local", "--broker", "artemis", "--case", "c1",
                "--scale", "0.0001", "--duration", "2", "--repeat", "2", "--out", out.toString(), "--heap", "1g",
                "--no-progress");
        assertThat(cli.code()).as(cli.text()).isZero();
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).hasSize(2);
        RunResult r = results.stream().filter(x -> x.repeat().index() == 1).findFirst().orElseThrow();
        RunResult again = results.stream().filter(x -> x.repeat().index() == 2).findFirst().orElseThrow();
        // the second repeat warmed up on its own but measured as many messages as the first: the same experiment
        assertThat(again.sizing().warmupPasses()).isPositive();
        assertThat(again.sizing().measuredMessages()).isEqualTo(r.sizing().measuredMessages());
        assertThat(again.reportedPhase().expected()).isEqualTo(r.sizing().measuredMessages());
        Sizing sizing = r.sizing();
        // scale 0.0001 would mean 5 warm-up messages: the warm-up ignores the scale
        // the path's first cell in the run: three times the ordinary budget of 4 passes in 4 x 1 s, and at least
        // twice that budget (8 s) in all unless the passes ran out first
        assertThat(sizing.warmupPasses()).isBetween(1, 12);
        assertThat(sizing.warmupRates()).hasSize(sizing.warmupPasses());
        assertThat(sizing.warmupSeconds()).isGreaterThanOrEqualTo(sizing.warmupPasses() < 12 ? 8.0 : 1.0);
        assertThat(r.warmup().stream().filter(PhaseResult::reported).findFirst().orElseThrow().activeSeconds())
                .as("the last warm-up pass's reported phase").isGreaterThanOrEqualTo(sizing.steady() ? 1.0 : 0.0);
        assertThat(sizing.durationSeconds()).isEqualTo(2.0);
        assertThat(sizing.measuredMessages()).isGreaterThan(100); // scale 0.0001 alone would give 100
        assertThat(r.reportedPhase().expected()).isEqualTo(sizing.measuredMessages());
        // the sizing rule itself (no wall-time bound: on a busy machine a phase may take any time): the first measured
        // pass holds the warm-up's last rate times 2 s; one that missed 2 s by more than 0.75-1.5x was sized again
        // from its own rate
        List<Double> rates = sizing.warmupRates();
        long fromWarmUp = (long) Math.ceil(rates.get(rates.size() - 1) * 2.0);
        List<Sizing.Attempt> attempts = sizing.attempts();
        if (attempts.isEmpty() || attempts.get(0).messages() == sizing.measuredMessages()) {
            assertThat(sizing.measuredMessages()).isEqualTo(fromWarmUp);
        } else {
            assertThat(attempts.get(0).messages()).isEqualTo(fromWarmUp);
            assertThat(attempts.get(0).seconds() < 1.5 || attempts.get(0).seconds() > 3.0).as("sized again only when it missed: " + attempts.get(0).seconds() + " s").isTrue();
            assertThat(sizing.measuredMessages()).isEqualTo((long) Math.ceil(attempts.get(0).rate() * 2.0));
        }
        assertThat(r.leftover()).as("the cell's queue before the measured pass").isNotNull();
        assertThat(r.leftover().messages()).isZero();
        assertThat(r.workload().queue()).startsWith("bench.c1.").isNotEqualTo("bench.c1");
        assertThat(r.status()).isEqualTo(Status.OK);
        // the machine's stolen CPU during the phase, from /proc/stat; a pass above --max-steal (15 %) was measured
        // again once, and the less disturbed kept
        Double steal = r.reportedPhase().resources().stealShare();
        assertThat(steal).as("steal share").isNotNull().isBetween(0.0, 1.0);
        assertThat(sizing.attempts()).filteredOn(Sizing.Attempt::kept).hasSizeLessThanOrEqualTo(1);
    }
}
