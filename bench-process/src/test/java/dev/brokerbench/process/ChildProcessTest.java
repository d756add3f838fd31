package dev.brokerbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {
    @TempDir
    Path tmp;

    @Test
    void killTakesTheWholeTreeAndTheLogKeepsItsOutput() throws Exception {
        Path log = tmp.resolve("logs/console.log");
        ChildProcess p = ChildProcess.start(List.of("sh", "-c", "sleep 300 & echo \"grandchild $!\"; echo WARN disk;"
                + " echo ready; wait"), Map.of(), tmp, log);
        awaitLine(log, "ready");
        long grandchild = Long.parseLong(Files.readAllLines(log).get(0).split(" ")[1]);
        assertThat(ProcessHandle.of(grandchild)).as("the child's own child runs").hasValueSatisfying(
                h -> assertThat(h.isAlive()).isTrue());

        p.kill();

        assertThat(p.alive()).isFalse();
        assertThat(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive)).as("nothing it started survives")
                .isNotEqualTo(java.util.Optional.of(true));
        assertThat(ChildProcess.tail(log, 2)).isEqualTo("WARN disk" + System.lineSeparator() + "ready");
        assertThat(ChildProcess.matching(log, Pattern.compile("WARN"), 5)).isEqualTo("WARN disk");
        assertThat(ChildProcess.tail(tmp.resolve("none.log"), 5)).startsWith("(no log at ");
    }

    @Test
    void stopAsksFirstAndTheExitCodeIsKept() throws Exception {
        Path log = tmp.resolve("console.log");
        ChildProcess p = ChildProcess.start(List.of("sh", "-c", "trap 'echo bye; exit 7' TERM; echo ready;"
                + " while true; do sleep 0.1; done"), Map.of("GREETING", "hi"), tmp, log);
        awaitLine(log, "ready");

        p.stop(10);

        assertThat(p.exitCode()).as("SIGTERM reached the process, which exited its own way").isEqualTo(7);
        assertThat(ChildProcess.tail(log, 1)).isEqualTo("bye");
    }

    /**
     * A broker's lifeline takes its stdin closing for the suite's death and deletes the broker's data; an orderly stop
     * (of a broker to be started again on that data) must leave the pipe open until the broker is gone. Here a reader
     * that ignores SIGTERM notes an end of file, while the process takes a second to shut down and then ends it.
     */
    @Test
    void stopLeavesTheLifelinePipeOpenWhileTheProcessShutsDown() throws Exception {
        Path log = tmp.resolve("pipe.log");
        // (a background list's stdin is /dev/null unless given another descriptor)
        ChildProcess p = ChildProcess.start(List.of("sh", "-c", "exec 3<&0; (trap '' TERM; while read -r line;"
                + " do :; done <&3; echo 'end of file') & reader=$!; trap 'sleep 1; kill -9 $reader; echo stopped;"
                + " exit 0' TERM; echo ready; while true; do sleep 0.1; done"), Map.of(), tmp, log);
        awaitLine(log, "ready");

        p.stop(10);

        assertThat(p.exitCode()).isZero();
        assertThat(Files.readAllLines(log).stream().filter(l -> !l.isBlank() && !l.equals("Terminated")))
                .as("the pipe stayed open until the shutdown was done").containsExactly("ready", "stopped");
    }

    @Test
    void theEnvironmentIsPassed() throws Exception {
        Path log = tmp.resolve("env.log");
        ChildProcess p = ChildProcess.start(List.of("sh", "-c", "echo \"$GREETING\""), Map.of("GREETING", "hi"),
                tmp, log);
        awaitLine(log, "hi");
        p.stop(5);
        assertThat(ChildProcess.tail(log, 1)).isEqualTo("hi");
    }

    private static void awaitLine(Path log, String line) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readAllLines(log).contains(line)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no line '" + line + "' in " + log + ": " + ChildProcess.tail(log, 10));
    }
}
