package dev.brokerbench.core.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The TCP sockets listening in the processes this JVM started, as {@code ss -ltnpH} sees them, and the check the
 * suite holds every broker it starts to: every one of them on loopback (the client protocols, a JVM's JMX or debug
 * port, Erlang's distribution and epmd, Kafka's controller). A test that calls it must have started no other process
 * that listens.
 */
public final class LoopbackListeners {
    private static final Pattern LISTENER = Pattern.compile("^LISTEN\\s+\\d+\\s+\\d+\\s+(\\S+):(\\d+)\\s+.*$");
    private static final Pattern PID = Pattern.compile("pid=(\\d+)");
    private static final Pattern LOOPBACK =
            Pattern.compile("(127\\.\\d+\\.\\d+\\.\\d+|\\[::1\\]|\\[::ffff:127\\.0\\.0\\.1\\]):\\d+ .*");

    private LoopbackListeners() {
    }

    /** Fails unless the processes this JVM started listen somewhere, and only on loopback. */
    public static void assertOnlyOnLoopback(String broker) throws IOException, InterruptedException {
        assertThat(ofThisJvmsProcesses()).as("%s's listeners", broker).isNotEmpty()
                .allSatisfy(l -> assertThat(l).as("a listener of %s", broker).matches(LOOPBACK));
    }

    /** Each listening socket of a process this JVM started, as {@code address:port (ss line)}. */
    static List<String> ofThisJvmsProcesses() throws IOException, InterruptedException {
        Set<Long> started = ProcessHandle.current().descendants().map(ProcessHandle::pid)
                .collect(Collectors.toSet());
        List<String> listeners = new ArrayList<>();
        for (String line : ss()) {
            Matcher pid = PID.matcher(line);
            Matcher listener = LISTENER.matcher(line);
            while (pid.find()) {
                if (started.contains(Long.parseLong(pid.group(1))) && listener.matches()) {
                    listeners.add(listener.group(1) + ":" + listener.group(2) + " (" + line.trim() + ")");
                }
            }
        }
        return listeners;
    }

    private static List<String> ss() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ss", "-ltnpH").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return out.lines().toList();
    }
}
