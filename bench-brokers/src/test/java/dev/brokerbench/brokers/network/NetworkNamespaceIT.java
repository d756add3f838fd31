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
                double meanMillis = meanRoundTripMillis(s, 200);
                assertThat(meanMillis).as("2 ms asked for").isBetween(2.0, 2.0 + 1.5);
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

    private static double meanRoundTripMillis(Socket s, int trips) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < 20; i++) { // the JIT and the relay's threads warm up
            out.write(1);
            in.read();
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < trips; i++) {
            out.write(1);
            assertThat(in.read()).isEqualTo(1);
        }
        return (System.nanoTime() - t0) / 1e6 / trips;
    }

    private static String namespaces() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String text = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        list.waitFor();
        return text;
    }
}
