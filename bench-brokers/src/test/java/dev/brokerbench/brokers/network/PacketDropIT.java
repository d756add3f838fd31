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
 * connection survives it and carries on once it heals, and a suite killed by SIGKILL leaves no rule behind. Between
 * nodes, only the cut node's links go quiet.
 */
class PacketDropIT {

    @Test
    void aCutLinkCarriesNothingUntilItHealsAndTheConnectionSurvives() throws Exception {
        assertThat(PacketDrop.unavailableReason()).as("iptables as root (.ci/run installs it)").isEmpty();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket echo = server.accept()) {
            echo(echo);
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

    /**
     * Three "nodes", each listening on a port and connecting from a range of its own: cutting the first off drops its
     * links to the other two, both ways and whoever opened them, while the other two still talk; a heal lets it talk
     * again.
     */
    @Test
    void aNodeCutOffTalksToNoOtherNodeWhileTheOthersTalk() throws Exception {
        assertThat(PacketDrop.unavailableReason()).as("iptables as root (.ci/run installs it)").isEmpty();
        List<ServerSocket> listeners = new java.util.ArrayList<>();
        List<PacketDrop.NodePorts> nodes = new java.util.ArrayList<>();
        List<Integer> taken = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                ServerSocket listener = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
                listeners.add(listener);
                taken.add(listener.getLocalPort());
                int from = dev.brokerbench.process.Ports.freeLoopbackRange(4, taken);
                for (int p = from; p < from + 4; p++) {
                    taken.add(p);
                }
                nodes.add(new PacketDrop.NodePorts(listener.getLocalPort(), from, from + 3));
            }
            try (Socket firstToSecond = link(nodes.get(0), listeners.get(1));
                 Socket thirdToFirst = link(nodes.get(2), listeners.get(0));
                 Socket secondToThird = link(nodes.get(1), listeners.get(2))) {
                for (Socket s : List.of(firstToSecond, thirdToFirst, secondToThird)) {
                    assertThat(echoes(s, 1)).as("whole before the cut: " + s).isTrue();
                }
                try (PacketDrop cut = PacketDrop.between(nodes.get(0), List.of(nodes.get(1), nodes.get(2)))) {
                    assertThat(echoes(secondToThird, 2)).as("the other two still talk").isTrue();
                    assertThat(echoes(firstToSecond, 3)).as("the first's own link to the second").isFalse();
                    assertThat(echoes(thirdToFirst, 4)).as("the third's link to the first").isFalse();
                }
                thirdToFirst.setSoTimeout(30_000); // TCP retransmits: the byte sent during the cut comes after the heal
                assertThat(thirdToFirst.getInputStream().read()).as("healed").isEqualTo(4);
            }
        } finally {
            for (ServerSocket l : listeners) {
                l.close();
            }
        }
    }

    /** A connection from the first port of {@code from}'s range to {@code to}, whose accepted end echoes. */
    private static Socket link(PacketDrop.NodePorts from, ServerSocket to) throws Exception {
        Socket client = new Socket();
        client.setReuseAddress(true);
        client.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), from.fromLow()));
        client.connect(to.getLocalSocketAddress(), 5_000);
        echo(to.accept());
        return client;
    }

    /** Whether a byte written comes back within a second. */
    private static boolean echoes(Socket s, int b) throws Exception {
        s.setSoTimeout(1_000);
        s.getOutputStream().write(b);
        try {
            return s.getInputStream().read() == b;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private static void echo(Socket accepted) {
        Thread echoing = new Thread(() -> {
            try (accepted; InputStream in = accepted.getInputStream(); OutputStream out = accepted.getOutputStream()) {
                for (int b = in.read(); b >= 0; b = in.read()) {
                    out.write(b);
                }
            } catch (java.io.IOException e) {
                // the test ended
            }
        }, "echo");
        echoing.setDaemon(true);
        echoing.start();
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
