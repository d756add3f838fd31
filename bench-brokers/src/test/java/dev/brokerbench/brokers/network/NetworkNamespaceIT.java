package dev.brokerbench.brokers.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.net.NetworkNamespace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A namespace's link: the delay relay adds what it is asked to and no more; a killed suite leaves no namespace. */
class NetworkNamespaceIT {
    private static final String CLASS_PATH = System.getProperty("java.class.path");

    @TempDir
    Path tmp;

    @Test
    void theRelayAddsTheRoundTripAskedForWithinAFewHundredMicroseconds() throws Exception {
        int port = 9_999;
        try (NetworkNamespace ns = NetworkNamespace.create(OptionalLong.empty())) {
            Path log = tmp.resolve("echo.log");
            ChildProcess echo = ChildProcess.start(ns.inside(List.of(Jvm.javaExecutable(), "-cp", CLASS_PATH,
                    EchoMain.class.getName(), String.valueOf(port))), Map.of(), tmp, log);
            await().atMost(Duration.ofSeconds(20)).until(() -> ChildProcess.tail(log, 3).contains("echo ready"));
            ns.publish(List.of(port), Duration.ofMillis(2), List.of(Jvm.javaExecutable(), "-cp", CLASS_PATH),
                    tmp.resolve("relay.log"));
            assertThat(ns.address()).startsWith("10.213.").isNotEqualTo("127.0.0.1");
            try (Socket s = new Socket(ns.address(), port)) {
                s.setTcpNoDelay(true);
                // the median, not the mean: a round trip the loaded machine (another fork's brokers) delayed says
                // nothing of the relay; none may come back sooner than asked
                double[] millis = roundTripsMillis(s, 200);
                assertThat(millis[0]).as("the fastest of 200, 2 ms asked for").isGreaterThanOrEqualTo(2.0);
                assertThat(millis[millis.length / 2]).as("the median of 200, 2 ms asked for").isBetween(2.0, 3.0);
            } finally {
                echo.kill();
            }
        }
    }

    @Test
    void aSuiteKilledBySigkillLeavesNoNamespace() throws Exception {
        Process holder = new ProcessBuilder(Jvm.javaExecutable(), "-cp", CLASS_PATH,
                NamespaceHolderMain.class.getName()).redirectErrorStream(true).start();
        String name;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).as("the holder made its namespace").startsWith("namespace brokerbench-");
            name = line.substring("namespace ".length());
            assertThat(namespaces()).contains(name);
            holder.destroyForcibly().waitFor();
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> !namespaces().contains(name));
    }

    /** Each round trip of one byte, sorted. */
    private static double[] roundTripsMillis(Socket s, int trips) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < 20; i++) { // the JIT and the relay's threads warm up
            out.write(1);
            in.read();
        }
        double[] millis = new double[trips];
        for (int i = 0; i < trips; i++) {
            long t0 = System.nanoTime();
            out.write(1);
            assertThat(in.read()).isEqualTo(1);
            millis[i] = (System.nanoTime() - t0) / 1e6;
        }
        java.util.Arrays.sort(millis);
        return millis;
    }

    private static String namespaces() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String text = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        list.waitFor();
        return text;
    }
}
