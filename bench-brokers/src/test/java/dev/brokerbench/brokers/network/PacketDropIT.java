package dev.brokerbench.brokers.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.net.PacketDrop;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Packets of one loopback port dropped by the suite's iptables rules: nothing crosses a cut link either way, the
 * connection survives it and carries on once it heals, and a suite killed by SIGKILL leaves no rule behind.
 */
class PacketDropIT {

    @Test
    void aCutLinkCarriesNothingUntilItHealsAndTheConnectionSurvives() throws Exception {
        assertThat(PacketDrop.unavailableReason()).as("iptables as root (.ci/run installs it)").isEmpty();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket echo = server.accept()) {
            Thread echoing = new Thread(() -> {
                try (InputStream in = echo.getInputStream(); OutputStream out = echo.getOutputStream()) {
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        out.write(b);
                    }
                } catch (java.io.IOException e) {
                    // the test ended
                }
            }, "echo");
            echoing.setDaemon(true);
            echoing.start();
            client.setSoTimeout(1_000);
            client.getOutputStream().write(1);
            assertThat(client.getInputStream().read()).as("the whole link echoes").isEqualTo(1);

            PacketDrop cut = PacketDrop.start(List.of(server.getLocalPort()), 1);
            try {
                client.getOutputStream().write(2);
                assertThatThrownBy(() -> client.getInputStream().read()).as("nothing crosses the cut")
                        .isInstanceOf(SocketTimeoutException.class);
            } finally {
                cut.close();
            }
            client.setSoTimeout(30_000); // TCP retransmits on its doubling timeout: the byte comes after the heal
            assertThat(client.getInputStream().read()).as("the byte sent during the cut, echoed after the heal")
                    .isEqualTo(2);
        }
    }

    @Test
    void aSuiteKilledBySigkillLeavesNoRule() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process holder = new ProcessBuilder(Jvm.javaExecutable(), "-cp", System.getProperty("java.class.path"),
                PacketDropHolderMain.class.getName(), String.valueOf(port)).redirectErrorStream(true).start();
        String comment;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).as("the holder dropped its port's packets").startsWith("dropping brokerbench-");
            comment = line.substring("dropping ".length());
            assertThat(rules()).as("its rules").contains(comment).contains("--dport " + port);
            holder.destroyForcibly().waitFor();
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> !rules().contains(comment));
    }

    private static String rules() throws Exception {
        Process list = new ProcessBuilder("iptables", "-w", "-S", "INPUT").redirectErrorStream(true).start();
        String text = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(list.waitFor()).as(text).isZero();
        return text;
    }
}
