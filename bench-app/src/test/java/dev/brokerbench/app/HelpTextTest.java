package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help renders without picocli's own complaints: a lone '%' in a description is a format
 * conversion to picocli, which then prints a WARN on System.err and shows the raw text.
 */
class HelpTextTest {
    @Test
    void everyCommandsHelpRendersCleanly() {
        List<String> commands = new CommandLine(new BenchCli()).getSubcommands().keySet().stream()
                .filter(name -> !name.equals("help")).toList();
        assertThat(commands).contains("run", "compare", "gate");
        PrintStream systemErr = System.err;
        ByteArrayOutputStream picocliWarnings = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(picocliWarnings, true, StandardCharsets.UTF_8));
            for (String command : commands) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int code = BenchCli.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true), command, "--help");
                assertThat(code).as(command).isZero();
                assertThat(out.toString(StandardCharsets.UTF_8)).as(command).startsWith("Usage: bench " + command);
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(picocliWarnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
