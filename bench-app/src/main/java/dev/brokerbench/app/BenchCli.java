package dev.brokerbench.app;

import dev.brokerbench.app.cli.CeilingCommand;
import dev.brokerbench.app.cli.BaselineCommand;
import dev.brokerbench.app.cli.CompareCommand;
import dev.brokerbench.app.cli.GateCommand;
import dev.brokerbench.app.cli.ReportCommand;
import dev.brokerbench.app.cli.ListCommand;
import dev.brokerbench.app.cli.MergeCommand;
import dev.brokerbench.app.cli.PowerCommand;
import dev.brokerbench.app.cli.RunCommand;
import dev.brokerbench.core.model.InvalidConfigException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bench}: compare message brokers fairly. Exit codes: 0 clean, 1 loss/errors/failure, 2 bad input. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCli.Version.class,
        description = "Compare message brokers through JMS and native clients, with exact message accounting.",
        subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class, CompareCommand.class,
                GateCommand.class, BaselineCommand.class, PowerCommand.class, MergeCommand.class,
                CeilingCommand.class, CommandLine.HelpCommand.class})
public final class BenchCli implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_PROBLEM = 1;
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Runs the CLI with the given streams and returns the exit code (for tests and main). */
    public static int execute(PrintStream out, PrintStream err, String... args) {
        CommandLine cli = new CommandLine(new BenchCli());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println(ex.getCommandLine().getCommandSpec().qualifiedName() + ": " + ex.getMessage());
            return EXIT_USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parsed) -> {
            if (ex instanceof InvalidConfigException) {
                err.println(commandLine.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
                return EXIT_USAGE;
            }
            err.println(commandLine.getCommandSpec().qualifiedName() + ": " + ex);
            ex.printStackTrace(err);
            return EXIT_PROBLEM;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Version from the jar manifest (or "dev" when run from classes). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = BenchCli.class.getPackage().getImplementationVersion();
            return new String[] {"brokerbench " + (v != null ? v : "dev")};
        }
    }
}
