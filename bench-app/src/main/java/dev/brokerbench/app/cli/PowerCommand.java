package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.app.power.PowerSeries;
import dev.brokerbench.app.power.ShiftedPath;
import dev.brokerbench.app.power.Trial;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.process.Jvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code bench power --out DIR -- RUN_OPTIONS}: how strong the gate's verdicts are on this machine, measured. Runs
 * {@code bench run RUN_OPTIONS} again and again as separate processes: first the baseline's runs, then, in a shuffled
 * order, unmodified runs (A/A) and runs with one client path slowed by each fraction (A/B, {@code --slowdown}, the
 * paths taken in turn), each gated against the baseline; and tallies how often a slowed path was called slower and how
 * often an unmodified cell or path was called different ({@link PowerSeries}).
 */
@Command(name = "power", mixinStandardHelpOptions = true,
        description = "Measure the regression gate's power and false alarms on this machine: runs 'bench run"
                + " RUN_OPTIONS' as the baseline's runs, then unmodified runs (A/A) and runs with one client path"
                + " slowed by each fraction (A/B, the paths in turn) in a shuffled order, gates each against the"
                + " baseline, and writes power.md and power.json: detection rate per fraction, false alarms per"
                + " cell and per path, CV per cell, time per run. Hours: each run is a whole 'bench run'.")
public final class PowerCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where every run, the baseline and"
            + " the tally go; a directory of an interrupted series is taken up where it stopped.")
    Path out;

    @Option(names = "--baseline-runs", defaultValue = "2", description = "Runs the baseline is made of (2..20,"
            + " default: ${DEFAULT-VALUE}).")
    int baselineRuns;

    @Option(names = "--aa-runs", defaultValue = "2", description = "Unmodified runs gated against the baseline"
            + " (0..100, default: ${DEFAULT-VALUE}).")
    int aaRuns;

    @Option(names = "--slowdowns", defaultValue = "0.1,0.2", split = ",", paramLabel = "FRACTION",
            description = "Fractions a path is slowed by in the A/B runs (each 0 < f <= 0.9; default:"
                    + " ${DEFAULT-VALUE}).")
    List<Double> slowdowns;

    @Option(names = "--shifts", defaultValue = "0.05,0.1,0.15,0.2,0.25,0.3", split = ",", paramLabel = "FRACTION",
            description = "Exact shifts applied to every unslowed path of every gated run, which is then gated again:"
                    + " the gate's power in the runs' own noise, one trial per path, run and shift (each 0 < f <= 0.9;"
                    + " default: ${DEFAULT-VALUE}).")
    List<Double> shifts;

    @Option(names = "--trials", defaultValue = "10", description = "A/B runs per fraction (0..100, default:"
            + " ${DEFAULT-VALUE}); trial t slows path t mod paths.")
    int trials;

    @Option(names = "--paths", split = ",", paramLabel = "PATH", description = "Client paths slowed in turn"
            + " (default: every path of the baseline's cells).")
    List<String> paths;

    @Option(names = "--kept-only", description = "Run nothing: gate the complete runs kept in --out again (e.g. with"
            + " a changed gate) and tally them; a planned run not kept there is left out.")
    boolean keptOnly;

    @Option(names = "--suite-heap", defaultValue = "2g", paramLabel = "SIZE", description = "Heap of each run's"
            + " JVM, fixed and pre-touched (default: ${DEFAULT-VALUE}).")
    String suiteHeap;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the order of the runs and of each run's"
            + " order of cells (default: ${DEFAULT-VALUE}).")
    long seed;

    @Parameters(paramLabel = "RUN_OPTION", description = "Options of 'bench run' after '--', e.g. -- --runtime local"
            + " --broker artemis,rabbitmq --case all --repeat 3 --duration 2 (not --out, --seed, --slowdown).")
    List<String> runOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        CommandLine cli = spec.commandLine();
        validate(cli);
        PrintWriter console = cli.getOut();
        Files.createDirectories(out.resolve("runs"));
        List<Figures> baselineFigures = new ArrayList<>();
        for (int i = 1; i <= baselineRuns; i++) {
            Ran ran = run(console, "baseline-" + i, i, null);
            baselineFigures.add(Figures.of(ReportData.read(ran.dir())));
        }
        Baseline baseline = Baseline.of("bench power " + String.join(" ", runOptions), baselineFigures);
        AtomicFiles.write(out.resolve("baseline.json"), Json.mapper().writeValueAsString(baseline));
        List<String> slowed = paths != null ? paths : baseline.cells().keySet().stream()
                .map(CellId::path).distinct()
                .sorted().toList();
        List<Trial.Plan> plans = new ArrayList<>();
        for (int i = 1; i <= aaRuns; i++) {
            plans.add(new Trial.Plan("aa-" + i, null, 0));
        }
        for (double f : slowdowns) {
            for (int t = 0; t < trials; t++) {
                plans.add(new Trial.Plan(String.format(java.util.Locale.ROOT, "ab-%02.0f-%d", f * 100, t + 1),
                        slowed.get(t % slowed.size()), f));
            }
        }
        Collections.shuffle(plans, new Random(seed));
        PowerSeries series = new PowerSeries(baseline);
        int n = baselineRuns;
        for (Trial.Plan plan : plans) {
            n++;
            Ran ran = run(console, plan.name(), n, plan.slowdown());
            if (ran == null) {
                continue;
            }
            ReportData data = ReportData.read(ran.dir());
            Figures figures = Figures.of(data);
            Trial trial;
            try {
                trial = Trial.of(plan, RegressionGate.check(baseline, figures), data, ran.minutes());
            } catch (RegressionGate.Refused refused) {
                trial = Trial.refused(plan, refused.reasons(), ran.minutes());
            }
            series.add(trial);
            series.addShifted(ShiftedPath.of(plan.name(), baseline, figures,
                    plan.aa() ? null : plan.slowdown().path(), shifts));
            console.println("  " + trial.line());
            AtomicFiles.write(out.resolve("power.json"), Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(series.summary()));
            AtomicFiles.write(out.resolve("power.md"), series.markdown(runOptions));
            console.flush();
        }
        series.addBaselineRuns(baselineFigures.size());
        AtomicFiles.write(out.resolve("power.json"), Json.mapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(series.summary()));
        AtomicFiles.write(out.resolve("power.md"), series.markdown(runOptions));
        console.println(series.markdown(runOptions));
        console.println("power: " + out.resolve("power.md").toAbsolutePath());
        return BenchCli.EXIT_OK;
    }

    private void validate(CommandLine cli) {
        OptionRange.check(cli, "--baseline-runs", baselineRuns, 2, 20);
        OptionRange.check(cli, "--aa-runs", aaRuns, 0, 100);
        OptionRange.check(cli, "--trials", trials, 0, 100);
        fractions(cli, "--slowdowns", slowdowns);
        fractions(cli, "--shifts", shifts);
        if (!suiteHeap.matches("[1-9][0-9]*[mMgG]")) {
            throw new ParameterException(cli, "--suite-heap: '" + suiteHeap + "' is not a heap size; use e.g. 2g");
        }
        for (String forbidden : List.of("--out", "--seed", "--slowdown")) {
            if (runOptions.stream().anyMatch(o -> o.equals(forbidden) || o.startsWith(forbidden + "="))) {
                throw new ParameterException(cli, "RUN_OPTION: " + forbidden + " is set by bench power for each run");
            }
        }
        int repeat = repeatOption();
        if (repeat < RegressionGate.MIN_REPEATS) {
            throw new ParameterException(cli, "RUN_OPTION: --repeat " + repeat + ": the gate needs "
                    + RegressionGate.MIN_REPEATS + " or more repeats per cell (add -- ... --repeat 3)");
        }
    }

    private static void fractions(CommandLine cli, String option, List<Double> values) {
        for (double f : values) {
            if (!(f > 0 && f <= 0.9)) {
                throw new ParameterException(cli, option + ": " + f + " is not in (0, 0.9]");
            }
        }
    }

    /** The runs' {@code --repeat}, 1 when not given. */
    private int repeatOption() {
        for (int i = 0; i < runOptions.size(); i++) {
            String o = runOptions.get(i);
            try {
                if (o.equals("--repeat") && i + 1 < runOptions.size()) {
                    return Integer.parseInt(runOptions.get(i + 1));
                }
                if (o.startsWith("--repeat=")) {
                    return Integer.parseInt(o.substring("--repeat=".length()));
                }
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 1;
    }

    /**
     * A finished run: its results directory, and its minutes (for a run kept from an earlier start, from its claim
     * to its completion marker; NaN for a run made before claims existed).
     */
    private record Ran(Path dir, double minutes) {
    }

    /**
     * One {@code bench run} in its own JVM (a fixed, pre-touched heap), into {@code runs/NAME}; a run whose directory
     * already holds a complete run is kept, so that an interrupted series goes on where it stopped. With
     * {@code --kept-only} a run that is not kept is not made: null.
     */
    private Ran run(PrintWriter console, String name, int index, Trial.Slowdown slowdown)
            throws IOException, InterruptedException {
        Path dir = out.resolve("runs").resolve(name);
        if (Files.exists(dir.resolve("run.json")) && ResultStore.isComplete(dir)) {
            double minutes = ResultStore.elapsed(dir).map(d -> d.toMillis() / 60_000.0).orElse(Double.NaN);
            console.printf(java.util.Locale.ROOT, "== %s: kept from an earlier start (%.1f min)%n", name, minutes);
            return new Ran(dir, minutes);
        }
        if (keptOnly) {
            if (name.startsWith("baseline-")) {
                throw new dev.brokerbench.core.model.InvalidConfigException("--kept-only: " + dir + " holds no"
                        + " complete run; the baseline needs every one of its runs");
            }
            console.println("== " + name + ": not kept, left out (--kept-only)");
            return null;
        }
        dev.brokerbench.process.Trees.delete(dir); // what an interrupted start left
        // this JVM's class path: bench.jar when packaged, the build's classes in a test
        List<String> command = new ArrayList<>(List.of(Jvm.javaExecutable(), "-Xms" + suiteHeap, "-Xmx" + suiteHeap,
                "-XX:+AlwaysPreTouch", "-cp", System.getProperty("java.class.path"), BenchCli.class.getName(), "run"));
        command.addAll(runOptions);
        command.addAll(List.of("--out", dir.toString(), "--seed", String.valueOf(seed * 1000 + index),
                "--no-progress"));
        if (slowdown != null) {
            command.addAll(List.of("--slowdown", slowdown.path() + "=" + slowdown.fraction()));
        }
        console.println("== " + name + (slowdown == null ? "" : " (" + slowdown.path() + " slowed by "
                + Math.round(slowdown.fraction() * 100) + " %)") + ": bench run " + String.join(" ",
                command.subList(command.indexOf("run") + 1, command.size())));
        console.flush();
        long started = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.getParent().resolve(name + ".log").toFile()).start();
        Thread stop = new Thread(() -> {
            p.destroy(); // SIGTERM: the run stops its brokers and removes its data
            try {
                p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            p.destroyForcibly();
        });
        Runtime.getRuntime().addShutdownHook(stop);
        int code;
        try {
            code = p.waitFor();
        } finally {
            Runtime.getRuntime().removeShutdownHook(stop);
        }
        double minutes = (System.nanoTime() - started) / 60e9;
        console.printf(java.util.Locale.ROOT, "   exit %d after %.1f min (log: %s)%n", code, minutes,
                dir.getParent().resolve(name + ".log"));
        if (code == BenchCli.EXIT_USAGE || !Files.exists(dir.resolve("run.json"))) {
            throw new dev.brokerbench.core.model.InvalidConfigException("bench run " + name + " exited " + code
                    + " without results; see " + dir.getParent().resolve(name + ".log"));
        }
        return new Ran(dir, minutes);
    }
}
