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
import dev.brokerbench.app.console.LibraryLog;
import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.model.InvalidConfigException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bench}: compare message brokers fairly. Exit codes: {@value #EXIT_OK} clean, {@value #EXIT_PROBLEM} a finding
 * (a message lost or duplicated, a cell's errors, a regression), {@value #EXIT_USAGE} bad input (an option or a file,
 * named in one line), {@value #EXIT_INTERNAL} the suite could not finish (an I/O failure or a bug of its own), so a
 * CI job never reads a typo or a crash as a finding.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCli.Version.class,
        description = "Compare message brokers through JMS and native clients, with exact message accounting.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done, nothing found", "1:a finding: a message lost or duplicated, a cell's errors, a"
                + " regression (gate)", "2:bad input: an option or a file, named in one line; nothing was measured"
                + " or written", "3:the suite could not finish: an I/O failure or a bug of its own (the trace"
                + " follows)", "130:interrupted (Ctrl-C); what the suite started is stopped"},
        subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class, CompareCommand.class,
                GateCommand.class, BaselineCommand.class, PowerCommand.class, MergeCommand.class,
                CeilingCommand.class, CommandLine.HelpCommand.class})
public final class BenchCli implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_PROBLEM = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        LibraryLog.enable();
        int code;
        try {
            code = execute(System.out, System.err, args);
        } catch (Throwable t) { // an Error (out of memory, a linkage error) passes picocli's handler
            System.err.println("bench: could not finish: " + t);
            t.printStackTrace();
            code = EXIT_INTERNAL;
        }
        System.exit(code);
    }

    /** Runs the CLI with the given streams and returns the exit code (for tests and main). */
    public static int execute(PrintStream out, PrintStream err, String... args) {
        CommandLine cli = new CommandLine(new BenchCli());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // an argument starting with @ is the option's own value (--sizes @lengths.txt names a file the option reads),
        // never a file of arguments for picocli to splice in
        cli.setExpandAtFiles(false);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println(ex.getCommandLine().getCommandSpec().qualifiedName() + ": "
                    + CredentialMask.mask(ex.getMessage()));
            return EXIT_USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parsed) -> {
            if (ex instanceof InvalidConfigException) {
                err.println(commandLine.getCommandSpec().qualifiedName() + ": " + CredentialMask.mask(ex.getMessage()));
                return EXIT_USAGE;
            }
            if (ex instanceof java.io.UncheckedIOException || ex instanceof java.io.IOException) {
                err.println(commandLine.getCommandSpec().qualifiedName() + ": could not finish, an I/O failure: "
                        + CredentialMask.mask(ex.getMessage() + (ex.getCause() != null ? " (" + ex.getCause() + ")"
                        : "")));
                return EXIT_INTERNAL;
            }
            err.println(commandLine.getCommandSpec().qualifiedName() + ": could not finish, an internal error"
                    + " (a bug of brokerbench; please report it with this trace): "
                    + CredentialMask.mask(String.valueOf(ex)));
            java.io.StringWriter trace = new java.io.StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            err.print(CredentialMask.mask(trace.toString())); // a message in the chain may carry a URL
            return EXIT_INTERNAL;
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
