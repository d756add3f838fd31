package dev.brokerbench.app.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.result.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegressionGateTest {
    private static final String PARITY = "clients=4 payloadBytes=1024 persistent=true";
    private static final Calibration MACHINE = new Calibration(2, 5000, 180, 30, 2000, "/tmp");
    private static final Conditions CONDITIONS = new Conditions(0.02, null, "local", MACHINE);
    private static final String[] GROUPS = {"a / p", "b / q", "c / r", "d / s"};

    @TempDir
    Path tmp;

    /**
     * One run: four paths of six cases, each cell's three repeats {@code 1000 x factor(path) x lognormal noise} of
     * {@code spread}, the noise drawn from {@code seed}.
     */
    private static Figures run(long seed, double spread, double... pathFactors) {
        Random random = new Random(seed);
        Map<CellId, Figures.Cell> cells = new LinkedHashMap<>();
        for (int g = 0; g < GROUPS.length; g++) {
            for (int c = 0; c < 6; c++) {
                double factor = pathFactors.length > g ? pathFactors[g] : 1.0;
                List<Double> repeats = List.of(0, 1, 2).stream()
                        .map(i -> 1000 * factor * Math.exp(spread * random.nextGaussian())).toList();
                cells.put(CellId.parse(GROUPS[g] + " / c" + (c + 1)), new Figures.Cell(PARITY, repeats, true));
            }
        }
        return new Figures(CONDITIONS, cells);
    }

    /** Two runs of 5 % noise, nothing else moving between them. */
    private static Baseline steadyBaseline() {
        return Baseline.of("test", List.of(run(1, 0.05), run(2, 0.05)));
    }

    private static RegressionGate.Row group(RegressionGate.Outcome outcome, String name) {
        return outcome.groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aTwentyPercentSlowerPathFailsAndTheOthersPass() {
        RegressionGate.Outcome outcome = RegressionGate.check(steadyBaseline(), run(3, 0.05, 0.8));
        assertThat(outcome.passed()).as(outcome.table().console()).isFalse();
        assertThat(group(outcome, "a / p").verdict()).isEqualTo(RegressionGate.Verdict.REGRESSION);
        assertThat(group(outcome, "a / p").ratio().ratio()).isCloseTo(0.8, within(0.04));
        assertThat(outcome.groups()).filteredOn(g -> !g.name().equals("a / p"))
                .extracting(RegressionGate.Row::verdict).containsOnly(RegressionGate.Verdict.OK);
        // four paths: each interval is a 98.75 % one, so all four together hold with 95 %
        assertThat(outcome.groups()).allSatisfy(g -> assertThat(g.ratio().confidence()).isEqualTo(0.9875));
        assertThat(outcome.table().console()).contains("a / p (all cases, against the other paths)", "REGRESSION",
                "98.8 %", "smallest drop it could show", "geometric mean");
    }

    /** {@code figures} without the cells of the path {@code dropped}. */
    private static Figures without(Figures figures, String dropped) {
        Map<CellId, Figures.Cell> cells = new LinkedHashMap<>(figures.cells());
        cells.keySet().removeIf(id -> id.brokerPath().toString().equals(dropped));
        return new Figures(figures.conditions(), cells);
    }

    @Test
    void withThreePathsASlowedPathDoesNotMakeTheOthersLookFasterEachIsJudgedAgainstTheBaselineAlone() {
        Baseline three = Baseline.of("three", List.of(without(run(1, 0.05), "d / s"), without(run(2, 0.05), "d / s")));
        RegressionGate.Outcome outcome = RegressionGate.check(three, without(run(3, 0.05, 0.8), "d / s"));
        String console = outcome.table().console();
        assertThat(group(outcome, "a / p").verdict()).as(console).isEqualTo(RegressionGate.Verdict.REGRESSION);
        // against the median of two others (their mean), b and c would read about 1.12 and be called FASTER
        assertThat(outcome.groups()).filteredOn(g -> !g.name().equals("a / p")).as(console)
                .allSatisfy(g -> assertThat(g.ratio().ratio()).isCloseTo(1.0, within(0.04)))
                .extracting(RegressionGate.Row::verdict).containsOnly(RegressionGate.Verdict.OK);
        // a cell is called at 95 %, one of twelve may be by chance: their mean ratio is what leaked or did not
        assertThat(outcome.cells().stream().filter(c -> !c.name().startsWith("a / p"))
                .mapToDouble(c -> c.ratio().ratio()).average().orElseThrow()).isCloseTo(1.0, within(0.03));
        assertThat(outcome.matrix()).isNull();
        assertThat(console).contains("a / p (all cases, against the baseline alone)");
        assertThat(outcome.note()).contains("3 paths were compared", "judged against the baseline alone");
    }

    @Test
    void aShiftOfTheWholeMatrixIsShownAndFailsNothingAPathThatFellBehindTheOthersFails() {
        // what two profile runs did: every unmodified path 20-27 % slower the second time
        RegressionGate.Outcome shifted = RegressionGate.check(steadyBaseline(), run(3, 0.05, 0.78, 0.78, 0.78, 0.78));
        assertThat(shifted.passed()).as(shifted.table().console()).isTrue();
        assertThat(shifted.matrix().verdict()).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(shifted.matrix().ratio().ratio()).isCloseTo(0.78, within(0.02));
        assertThat(shifted.groups()).extracting(RegressionGate.Row::verdict).containsOnly(RegressionGate.Verdict.OK);
        RegressionGate.Outcome behind = RegressionGate.check(steadyBaseline(), run(3, 0.05, 0.62, 0.78, 0.78, 0.78));
        assertThat(behind.passed()).as(behind.table().console()).isFalse();
        assertThat(group(behind, "a / p").verdict()).isEqualTo(RegressionGate.Verdict.REGRESSION);
        assertThat(behind.table().console()).contains(RegressionGate.MATRIX, "against the other paths");
    }

    @Test
    void aPathThatMovesBetweenTheBaselinesRunsIsNotFailedForMovingAsMuchInTheFreshOne() {
        // in the baseline's runs each path moved by +-12 % as a whole from one run to the next (a broker process
        // that ran faster or slower at everything that day); the repeats inside each run agree within 5 %
        List<Figures> runs = List.of(run(1, 0.05, 1.12, 0.88, 1.0, 1.0), run(2, 0.05, 0.88, 1.12, 1.0, 1.0),
                run(4, 0.05, 1.0, 1.0, 1.12, 0.88), run(5, 0.05, 1.0, 1.0, 0.88, 1.12));
        Baseline moving = Baseline.of("paths move", runs);
        assertThat(RegressionGate.model(moving).path().variance()).isGreaterThan(0.005);
        // a fresh run where path a ran at 0.85: what the baseline's runs do by themselves
        RegressionGate.Outcome outcome = RegressionGate.check(moving, run(6, 0.05, 0.85, 1.0, 1.0, 1.0));
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
        // a gate that counted only the repeats (steady baseline, same 5 % noise) fails the same move
        RegressionGate.Outcome repeatsOnly = RegressionGate.check(steadyBaseline(), run(6, 0.05, 0.85, 1, 1, 1));
        assertThat(group(repeatsOnly, "a / p").verdict()).as(repeatsOnly.table().console())
                .isEqualTo(RegressionGate.Verdict.REGRESSION);
        // and the moving baseline says what it cannot see
        assertThat(group(outcome, "a / p").ratio().detectable())
                .isGreaterThan(group(repeatsOnly, "a / p").ratio().detectable());
    }

    @Test
    void anUnchangedRunPassesAndNoSingleNoisyCellFailsIt() {
        Figures fresh = run(3, 0.05);
        Map<CellId, Figures.Cell> cells = new LinkedHashMap<>(fresh.cells());
        // one cell 20 % down with 10 % noise: shown, never failed
        cells.put(CellId.parse("a / p / c1"), new Figures.Cell(PARITY, List.of(800.0, 880.0, 720.0), true));
        RegressionGate.Outcome outcome = RegressionGate.check(steadyBaseline(), new Figures(CONDITIONS, cells));
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
    }

    /**
     * A quiet machine (2 % noise in the baseline and the fresh run) shows a path's 8 % drop clearly, which cannot fail
     * it (a path fails from 10 % on): the smallest drop its row says it could show is one it would fail, never under
     * 10 %, while a cell's row, which never fails, says the smallest drop its interval shows.
     */
    @Test
    void aPathsSmallestDropItCouldShowIsOneItWouldFail() {
        Baseline quiet = Baseline.of("quiet", List.of(run(1, 0.02), run(2, 0.02)));
        RegressionGate.Outcome outcome = RegressionGate.check(quiet, run(3, 0.02, 0.92));
        RegressionGate.Row path = group(outcome, "a / p");
        assertThat(path.verdict()).as(outcome.table().console()).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(path.ratio().detectable()).as(outcome.table().console())
                .isGreaterThan(1 - path.ratio().ratio()).isGreaterThanOrEqualTo(RegressionGate.MIN_DROP);
        assertThat(outcome.cells()).as("a cell's row is not floored").anySatisfy(c -> assertThat(
                c.ratio().detectable()).isLessThan(RegressionGate.MIN_DROP));
        assertThat(outcome.note()).contains("a path's: the smallest it would fail, so 10 % or more");
    }

    @Test
    void aClearButSmallDropIsShownNotFailed() {
        RegressionGate.Outcome outcome = RegressionGate.check(steadyBaseline(), run(3, 0.02, 0.94));
        assertThat(group(outcome, "a / p").verdict()).as(outcome.table().console())
                .isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(outcome.passed()).isTrue();
    }

    @Test
    void aCollapsedALossyAndAMissingCellFailWhatANarrowedRunDidNotSelectDoesNot() {
        Map<CellId, Figures.Cell> fresh = new LinkedHashMap<>(run(3, 0.05).cells());
        fresh.put(CellId.parse("a / p / c2"), new Figures.Cell(PARITY, List.of(400.0, 420.0, 380.0), true));
        assertThat(RegressionGate.check(steadyBaseline(), new Figures(CONDITIONS, fresh)).cells())
                .filteredOn(r -> r.name().equals("a / p / c2")).extracting(RegressionGate.Row::verdict)
                .containsExactly(RegressionGate.Verdict.COLLAPSED);
        fresh = new LinkedHashMap<>(run(3, 0.05).cells());
        fresh.put(CellId.parse("a / p / c3"), new Figures.Cell(PARITY, List.of(1000.0, 1000.0, 1000.0), false));
        assertThat(RegressionGate.check(steadyBaseline(), new Figures(CONDITIONS, fresh)).passed()).isFalse();
        fresh = new LinkedHashMap<>(run(3, 0.05).cells());
        fresh.remove(CellId.parse("a / p / c4"));
        assertThat(RegressionGate.check(steadyBaseline(), new Figures(CONDITIONS, fresh)).passed())
                .as("c4 ran for the other paths but not for a / p").isFalse();
        Map<CellId, Figures.Cell> narrowed = new LinkedHashMap<>();
        run(3, 0.05).cells().forEach((id, cell) -> {
            if (!id.toString().startsWith("a / p")) {
                narrowed.put(id, cell);
            }
        });
        RegressionGate.Outcome outcome = RegressionGate.check(steadyBaseline(), new Figures(CONDITIONS, narrowed));
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
        assertThat(outcome.cells()).extracting(RegressionGate.Row::verdict)
                .contains(RegressionGate.Verdict.NOT_SELECTED);
    }

    @Test
    void refusesRunsOfAnotherScaleDurationRuntimeOrMachineAndSaysWhy() {
        Map<CellId, Figures.Cell> same = run(3, 0.05).cells();
        assertThat(refusal(new Conditions(0.05, null, "local", MACHINE), same))
                .anyMatch(r -> r.contains("scale") && r.contains("0.02") && r.contains("0.05"));
        assertThat(refusal(new Conditions(0.02, 5.0, "local", MACHINE), same))
                .anyMatch(r -> r.contains("--duration") && r.contains("by count") && r.contains("5.0 s"));
        assertThat(refusal(new Conditions(0.02, null, "container", MACHINE), same))
                .anyMatch(r -> r.contains("runtime") && r.contains("container"));
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(2, 1500, 600, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("disk syncs/s") && r.contains("5000") && r.contains("1500"));
        // a round trip ten times longer is a busy moment of the same machine (one VM read 6 and 62 µs minutes apart)
        assertThat(RegressionGate.check(steadyBaseline(), new Figures(new Conditions(0.02, null, "local",
                new Calibration(2, 5000, 180, 300, 2000, "/x")), same)).passed()).isTrue();
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(8, 5000, 180, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("2 cores") && r.contains("8"));
        // within the tolerance: compared
        assertThat(RegressionGate.check(steadyBaseline(), new Figures(new Conditions(0.02, null, "local",
                new Calibration(2, 3700, 250, 100, 1500, "/x")), same)).passed()).isTrue();
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(2, 16_000, 60, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("disk syncs/s") && r.contains("x3.2"));
    }

    @Test
    void aBaselineKeepsItsRunsTypicalMachineSoOneDisturbedCalibrationRefusesNothing() {
        // 2026-11-26: three runs of one VM calibrated at 2,881, 8,132 and 8,271 disk syncs/s (the first while the
        // disk still flushed another experiment's journal); kept as the baseline's, the first refused fresh runs at
        // 9,064 and 9,703 syncs/s (x3.1, x3.4) as another machine
        List<Figures> runs = new ArrayList<>();
        double[][] machines = {{2881, 1384}, {8132, 2143}, {8271, 2881}};
        for (int i = 0; i < machines.length; i++) {
            Calibration c = new Calibration(2, machines[i][0], 120, 60, machines[i][1], "/tmp");
            runs.add(new Figures(new Conditions(0.02, null, "local", c), run(i + 1, 0.05).cells()));
        }
        Baseline baseline = Baseline.of("test", runs);
        assertThat(baseline.conditions().calibration().fsyncPerSecond()).isEqualTo(8132);
        assertThat(baseline.conditions().calibration().loopbackMBPerSec()).isEqualTo(2143);
        Figures fresh = new Figures(new Conditions(0.02, null, "local", new Calibration(2, 9703, 95, 63, 2812, "/tmp")),
                run(7, 0.05).cells());
        assertThat(RegressionGate.check(baseline, fresh).passed()).isTrue();
    }

    @Test
    void refusesACellThatRanWithOtherParitySettings() {
        Map<CellId, Figures.Cell> fresh = new LinkedHashMap<>(run(3, 0.05).cells());
        fresh.put(CellId.parse("b / q / c5"), new Figures.Cell("clients=8 payloadBytes=1024 persistent=true",
                List.of(1000.0, 1000.0, 1000.0), true));
        assertThat(refusal(CONDITIONS, fresh)).singleElement().asString().contains("b / q / c5", "clients=8",
                "clients=4");
    }

    @Test
    void refusesAFreshRunOfFewerThanThreeRepeatsInsteadOfPassingIt() {
        Map<CellId, Figures.Cell> single = new LinkedHashMap<>();
        run(3, 0.05, 0.5).cells().forEach((id, c) -> single.put(id, new Figures.Cell(c.parity(),
                c.repeats().subList(0, 1), true)));
        assertThat(refusal(CONDITIONS, single)).singleElement().asString().contains("1 repeat(s) per cell",
                "--repeat 3");
    }

    private static List<String> refusal(Conditions conditions, Map<CellId, Figures.Cell> cells) {
        try {
            RegressionGate.check(steadyBaseline(), new Figures(conditions, cells));
        } catch (RegressionGate.Refused refused) {
            return refused.reasons();
        }
        throw new AssertionError("not refused: " + conditions);
    }

    @Test
    void aBaselineNeedsTwoRunsOfThreeRepeatsAndRefusesAnOlderFormat() throws Exception {
        assertThatThrownBy(() -> Baseline.of("x", List.of(run(1, 0.05))))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("at least 2");
        Map<CellId, Figures.Cell> two = Map.of(CellId.parse("a / p / c1"), new Figures.Cell(PARITY, List.of(1000.0, 990.0), true));
        assertThatThrownBy(() -> Baseline.of("x", List.of(new Figures(CONDITIONS, two), new Figures(CONDITIONS, two))))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("--repeat 3");
        Path old = tmp.resolve("old.json");
        Files.writeString(old, "{\"schema\":2,\"description\":\"x\",\"runs\":2,\"cells\":{}}");
        assertThatThrownBy(() -> Baseline.read(old)).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("older format").hasMessageContaining("bench baseline DIR DIR");
        Path written = tmp.resolve("new.json");
        Files.writeString(written, Json.mapper().writeValueAsString(steadyBaseline()));
        assertThat(Baseline.read(written)).isEqualTo(steadyBaseline());
        assertThat(Baseline.read(written).cells().get(CellId.parse("a / p / c1")).runs()).hasSize(2);
    }

    private static HarnessReference harness(double cpu, double harness) {
        return new HarnessReference(List.of(cpu, cpu * 1.01, cpu * 0.99, cpu * 1.02, cpu * 0.98),
                List.of(harness, harness * 1.03, harness * 0.97, harness * 1.02, harness * 0.98));
    }

    private static Baseline withHarness(Baseline b) {
        return new Baseline(b.schema(), b.description(), b.conditions(), b.runs(), b.cells(),
                List.of(harness(500, 1_000_000), harness(505, 1_010_000)));
    }

    @Test
    void aWholeMatrixSlowdownWithTheHarnessKeepingPaceIsTheMachineOnlyWhereTheCheckCouldHaveShownItAFallIsAFailure() {
        Baseline base = withHarness(steadyBaseline());
        Figures slow = run(3, 0.05, 0.64, 0.64, 0.64, 0.64);
        RegressionGate.Outcome machine = RegressionGate.check(base, new Figures(CONDITIONS, slow.cells(),
                harness(502, 1_004_000)));
        assertThat(machine.passed()).as(machine.table().console()).isTrue();
        // two baseline runs: the check can only show a drop of about 55 %, and the matrix fell 36 %
        assertThat(machine.harness().harnessOverCpu().detectable()).isGreaterThan(0.36);
        assertThat(machine.harness().words()).contains("could not tell the suite's code from the machine or the"
                + " brokers").doesNotContain("not the suite's code");
        // a slower matrix it could clear would have collapsed first (below half the baseline); a matrix 2.5 times as
        // fast is a move it could have shown in the harness, and the harness kept pace
        Figures faster = run(3, 0.05, 2.5, 2.5, 2.5, 2.5);
        RegressionGate.Outcome gross = RegressionGate.check(base, new Figures(CONDITIONS, faster.cells(),
                harness(502, 1_004_000)));
        assertThat(gross.harness().words()).as(gross.table().console())
                .contains("kept pace with the CPU: not the suite's code", "the machine or the brokers");
        // the probe moves by about 18 % from one run to the next (HarnessCheck.RUN_SD): only a gross drop is clear
        RegressionGate.Outcome within = RegressionGate.check(base, new Figures(CONDITIONS, slow.cells(),
                harness(502, 640_000)));
        assertThat(within.harness().verdict()).as(within.harness().words()).isEqualTo(RegressionGate.Verdict.OK);
        RegressionGate.Outcome harness = RegressionGate.check(base, new Figures(CONDITIONS, slow.cells(),
                harness(502, 300_000)));
        assertThat(harness.passed()).isFalse();
        assertThat(harness.harness().verdict()).isEqualTo(RegressionGate.Verdict.HARNESS_REGRESSION);
        assertThat(harness.harness().harnessOverCpu().ratio()).isCloseTo(0.30, within(0.02));
        // a slower CPU slows the harness alike: not the harness
        RegressionGate.Outcome slowerCpu = RegressionGate.check(base, new Figures(CONDITIONS, slow.cells(),
                harness(150, 300_000)));
        assertThat(slowerCpu.harness().verdict()).isEqualTo(RegressionGate.Verdict.OK);
        // without references the gate says it cannot tell
        RegressionGate.Outcome none = RegressionGate.check(steadyBaseline(), slow);
        assertThat(none.harness().words()).contains("cannot tell");
    }

    /**
     * The harness references of the 2026-11-26 power series (rounds of CPU MB/s and harness msg/s): two baseline runs
     * at 7.9 and 8.2 M msg/s, then an unmodified run whose probe read 5.1 M (x0.64) with the CPU unchanged. Judged on
     * the rounds' spread alone that was a HARNESS_REGRESSION and failed an A/A run; judged against how the
     * baseline's two runs differed from each other, it cannot be told from chance.
     */
    @Test
    void aHarnessReferenceIsJudgedAgainstHowTheBaselinesRunsDifferedNotOnlyAgainstItsRounds() {
        HarnessReference b1 = new HarnessReference(List.of(1555.0, 1601.0, 1575.0, 1509.0, 1555.0),
                List.of(8_133e3, 7_855e3, 7_425e3, 7_540e3, 8_556e3));
        HarnessReference b2 = new HarnessReference(List.of(1564.0, 1587.0, 1580.0, 1592.0, 1602.0),
                List.of(8_795e3, 9_110e3, 7_483e3, 7_111e3, 8_483e3));
        HarnessReference aa = new HarnessReference(List.of(1591.0, 1580.0, 1563.0, 1589.0, 1599.0),
                List.of(5_717e3, 5_099e3, 4_788e3, 5_195e3, 4_874e3));
        Baseline two = steadyBaseline();
        Baseline base = new Baseline(two.schema(), two.description(), two.conditions(), two.runs(), two.cells(),
                List.of(b1, b2));
        Figures same = run(3, 0.05, 1, 1, 1, 1);
        RegressionGate.Outcome outcome = RegressionGate.check(base, new Figures(CONDITIONS, same.cells(), aa));
        assertThat(outcome.harness().harnessOverCpu().ratio()).isCloseTo(0.63, within(0.02));
        assertThat(outcome.harness().verdict()).as(outcome.harness().words()).isEqualTo(RegressionGate.Verdict.OK);
        assertThat(outcome.passed()).isTrue();
        assertThat(outcome.harness().words()).contains("from 2 baseline run(s)", "smallest drop it could show");
        // a baseline of one run with a reference cannot know how runs differ: the check says so
        Baseline one = new Baseline(two.schema(), two.description(), two.conditions(), two.runs(), two.cells(),
                List.of(b1));
        assertThat(RegressionGate.check(one, new Figures(CONDITIONS, same.cells(), aa)).harness().words())
                .contains("only one of the baseline's runs", "cannot tell");
    }

    @Test
    void everyCommittedBaselineIsChosenForItsOwnMachineAndComparesWithEachOfItsRuns() throws Exception {
        Path dir = Path.of("..", "baselines");
        List<Path> files;
        try (var list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            Baseline committed = Baseline.read(file);
            assertThat(committed.runs()).as(file.toString()).isGreaterThanOrEqualTo(2);
            assertThat(Baselines.choose(dir, committed.conditions()).file()).isEqualTo(file);
            for (int run = 0; run < committed.runs(); run++) {
                int k = run;
                Map<CellId, Figures.Cell> one = new LinkedHashMap<>();
                committed.cells().forEach((id, c) -> {
                    if (c.runs().size() > k) {
                        one.put(id, new Figures.Cell(c.parity(), c.runs().get(k), true));
                    }
                });
                RegressionGate.Outcome outcome = RegressionGate.check(committed,
                        new Figures(committed.conditions(), one));
                assertThat(outcome.passed()).as(file + " run " + (run + 1) + "\n" + outcome.table().console())
                        .isTrue();
            }
        }
    }
}
