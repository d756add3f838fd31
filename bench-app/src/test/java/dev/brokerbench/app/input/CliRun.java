package dev.brokerbench.app.input;

import dev.brokerbench.app.BenchCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process {@code bench} command: its exit code and what it printed. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BenchCli.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** For an assertion's description. */
    String text() {
        return "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
}
