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

    /**
     * {@code size} consecutive loopback ports, none bound now and none in {@code taken}, within the machine's ephemeral
     * range (a socket's own range, IP_LOCAL_PORT_RANGE, only narrows that range). Returns the lowest.
     */
    public static int freeLoopbackRange(int size, java.util.Collection<Integer> taken) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be >= 1, got " + size);
        }
        int[] ephemeral = ephemeralRange();
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 100; attempt++) {
            int low = ephemeral[0] + random.nextInt(ephemeral[1] - ephemeral[0] - size + 2);
            boolean free = true;
            for (int port = low; port < low + size && free; port++) {
                free = !taken.contains(port) && bindable(port);
            }
            if (free) {
                return low;
            }
        }
        throw new IllegalStateException("no " + size + " consecutive free loopback ports in " + ephemeral[0] + ".."
                + ephemeral[1]);
    }

    /** The machine's ephemeral port range (net.ipv4.ip_local_port_range); Linux's default when unreadable. */
    static int[] ephemeralRange() {
        try {
            String[] parts = java.nio.file.Files.readString(java.nio.file.Path.of(
                    "/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+");
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (IOException | RuntimeException e) {
            return new int[] {32768, 60999};
        }
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Whether this kernel gives a socket a local port range of its own (IP_LOCAL_PORT_RANGE, Linux 6.3 and later), by
     * the running kernel's version.
     */
    public static boolean localPortRangeSupported() {
        return localPortRangeSupported(System.getProperty("os.name"), System.getProperty("os.version"));
    }

    static boolean localPortRangeSupported(String osName, String osVersion) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)")
                .matcher(String.valueOf(osVersion));
        if (!"Linux".equals(osName) || !m.find()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        return major > 6 || major == 6 && Integer.parseInt(m.group(2)) >= 3;
    }
}
