package dev.brokerbench.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free TCP ports on the loopback interface. */
public final class Ports {
    private Ports() {
    }

    public static int freeLoopbackPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    /**
     * A free loopback port none of {@code taken} (ports handed out before and not bound yet by whoever will listen on
     * them, which the operating system may hand out again).
     */
    public static int freeLoopbackPortOtherThan(java.util.Collection<Integer> taken) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = freeLoopbackPort();
            if (!taken.contains(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port other than " + taken);
    }
}
