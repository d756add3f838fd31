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
     * {@code count} distinct free loopback ports, none of them in {@code taken} (ports handed out before and not bound
     * yet by whoever will listen on them): the operating system may hand a port out again until someone binds it, and
     * a broker given the same port twice fails to start (Kafka's kafka-storage format did, ExternalSecurityIT,
     * 2026-11-25).
     */
    public static int[] freeLoopbackPorts(int count, java.util.Collection<Integer> taken) {
        java.util.Set<Integer> used = new java.util.HashSet<>(taken);
        int[] ports = new int[count];
        for (int i = 0; i < count; i++) {
            int attempts = 0;
            do {
                if (++attempts > 100) {
                    throw new IllegalStateException("no free loopback port other than " + used);
                }
                ports[i] = freeLoopbackPort();
            } while (!used.add(ports[i]));
        }
        return ports;
    }
}
