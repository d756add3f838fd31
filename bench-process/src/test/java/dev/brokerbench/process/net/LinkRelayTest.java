package dev.brokerbench.process.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A relay to a real echo server: quick at no delay, each way held as set, a stream's order kept under jitter. */
class LinkRelayTest {

    @Test
    void aRelayHoldsEachWayAsSetAndKeepsTheOrder() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket echo = new ServerSocket(0, 4, loopback);
             LinkRelay relay = LinkRelay.start(loopback, Map.of(echo.getLocalPort(), 0), loopback, true)) {
            Thread echoing = new Thread(() -> {
                try (Socket s = echo.accept(); InputStream in = s.getInputStream();
                     OutputStream out = s.getOutputStream()) {
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        out.write(b);
                    }
                } catch (java.io.IOException e) {
                    // the test ended
                }
            });
            echoing.setDaemon(true);
            echoing.start();
            try (Socket client = new Socket(loopback, relay.port(echo.getLocalPort()))) {
                client.setTcpNoDelay(true);
                client.setSoTimeout(10_000);
                // the quickest of ten round trips: the first pays for the connection's and the JIT's warm-up, and
                // a shared machine may stall any one of them; below the 120 ms the delay below must reach
                assertThat(quickest(client, 10)).as("no delay").isLessThan(100);

                relay.delay(Duration.ofMillis(60), Duration.ZERO);
                assertThat(quickest(client, 2)).as("60 ms each way").isBetween(120L, 1_000L);

                relay.delay(Duration.ofMillis(5), Duration.ofMillis(40));
                OutputStream out = client.getOutputStream();
                for (int i = 0; i < 100; i++) {
                    out.write(i);
                    out.flush();
                }
                InputStream in = client.getInputStream();
                for (int i = 0; i < 100; i++) {
                    assertThat(in.read()).as("byte %d, in order under jitter", i).isEqualTo(i);
                }

                relay.delay(Duration.ZERO, Duration.ZERO);
                assertThat(quickest(client, 10)).as("quick again").isLessThan(100);
            }
        }
    }

    /** The shortest of {@code times} round trips of one byte, in ms. */
    private static long quickest(Socket client, int times) throws Exception {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < times; i++) {
            min = Math.min(min, roundTripMillis(client, 200 + i));
        }
        return min;
    }

    private static long roundTripMillis(Socket client, int b) throws Exception {
        long t0 = System.nanoTime();
        client.getOutputStream().write(b);
        client.getOutputStream().flush();
        assertThat(client.getInputStream().read()).isEqualTo(b);
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
