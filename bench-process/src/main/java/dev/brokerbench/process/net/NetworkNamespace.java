package dev.brokerbench.process.net;

import dev.brokerbench.process.Commands;
import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Cleanup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A host of its own for one broker on this machine: a Linux network namespace joined to the suite's by a veth pair
 * (a /30 of 10.213.0.0/16: its first address on the suite's side, {@link #address()} on the broker's), shaped by {@code tc}. The broker inside
 * keeps listening on 127.0.0.1 (of its own stack); each of its ports is published at {@link #address()} by a
 * destination NAT rule, or, with added round-trip time, through a {@link DelayRelay} running in the namespace.
 *
 * <p>Nothing outlives the suite: {@link #close()} (also at JVM exit) deletes the namespace, which takes the veth pair
 * and its qdiscs with it; a watcher process holding a pipe from this JVM does the same after a SIGKILL of the suite,
 * and the relay runs with the lifeline agent.
 */
public final class NetworkNamespace implements AutoCloseable {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final int SUBNETS = 1 << 14;
    private final String name;
    private final String network;
    private final Process watcher;
    private ChildProcess relay;
    private boolean closed;

    private NetworkNamespace(String name, String network, Process watcher) {
        this.name = name;
        this.network = network;
        this.watcher = watcher;
    }

    /** Empty when namespaces can be made here; otherwise why not. */
    public static java.util.Optional<String> unavailableReason() {
        for (String tool : List.of("ip", "tc", "iptables", "setsid")) {
            if (!Commands.onPath(tool)) {
                return java.util.Optional.of("no '" + tool + "' on PATH (apt-get install iproute2 iptables)");
            }
        }
        try {
            Commands.run(List.of("ip", "netns", "list"));
            return java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.of("cannot manage network namespaces (root needed): " + e.getMessage());
        }
    }

    /**
     * Makes the namespace, its veth pair and addresses, and shapes both ends of the link.
     *
     * @param ratePerSecond the link's rate each way in bits per second, empty for none
     */
    public static NetworkNamespace create(OptionalLong ratePerSecond) throws IOException {
        long pid = ProcessHandle.current().pid();
        int n = SEQUENCE.incrementAndGet();
        String name = "brokerbench-" + pid + "-" + n;
        String hostLink = "bb" + pid % 10_000_000 + "h" + n % 100;
        String nsLink = "bb" + pid % 10_000_000 + "b" + n % 100;
        String network = freeSubnet(pid, n);
        Process watcher = dev.brokerbench.process.lifeline.ExitWatch.run(deleteScript(name));
        NetworkNamespace ns = new NetworkNamespace(name, network, watcher);
        Cleanup.register(ns::close);
        try {
            Commands.run(List.of("ip", "netns", "add", name));
            Commands.run(List.of("ip", "link", "add", hostLink, "type", "veth", "peer", "name", nsLink, "netns",
                    name));
            Commands.run(List.of("ip", "addr", "add", host(network, 1) + "/30", "dev", hostLink));
            Commands.run(List.of("ip", "link", "set", hostLink, "up"));
            Commands.run(ns.inside(List.of("ip", "addr", "add", host(network, 2) + "/30", "dev", nsLink)));
            Commands.run(ns.inside(List.of("ip", "link", "set", nsLink, "up")));
            Commands.run(ns.inside(List.of("ip", "link", "set", "lo", "up")));
            Commands.run(ns.inside(List.of("sh", "-c", "echo 1 > /proc/sys/net/ipv4/conf/all/route_localnet")));
            if (ratePerSecond.isPresent()) {
                Commands.run(TokenBucket.command(hostLink, ratePerSecond.getAsLong()));
                Commands.run(ns.inside(TokenBucket.command(nsLink, ratePerSecond.getAsLong())));
            }
            return ns;
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
    }

    /** The broker's address: reached from the suite across the veth pair, never over loopback. */
    public String address() {
        return host(network, 2);
    }

    public String name() {
        return name;
    }

    /** {@code command} run inside the namespace ({@code ip netns exec} execs it: the pid is the command's). */
    public List<String> inside(List<String> command) {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", name));
        all.addAll(command);
        return all;
    }

    /**
     * Publishes {@code ports} of the namespace's loopback at {@link #address()}: in the kernel when
     * {@code addedRtt} is zero, else through a delay relay (half the round trip each way) started with
     * {@code relayCommand}'s JVM and classpath.
     *
     * @param relayJvm the java command and options the relay runs with (classpath holding {@link DelayRelay})
     */
    public synchronized void publish(Collection<Integer> ports, Duration addedRtt, List<String> relayJvm, Path log)
            throws IOException {
        if (addedRtt.isZero()) {
            for (int port : ports) {
                Commands.run(inside(List.of("iptables", "-t", "nat", "-A", "PREROUTING", "-p", "tcp", "-d", address(),
                        "--dport", String.valueOf(port), "-j", "DNAT", "--to-destination", "127.0.0.1:" + port)));
            }
            return;
        }
        List<String> command = new ArrayList<>(relayJvm);
        command.addAll(List.of(DelayRelay.class.getName(), address(), String.valueOf(addedRtt.toNanos() / 2)));
        ports.forEach(p -> command.add(String.valueOf(p)));
        relay = ChildProcess.start(inside(command), Map.of(), log.getParent(), log);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!ChildProcess.tail(log, 5).contains("relaying " + address())) {
            if (!relay.alive() || System.nanoTime() > deadline) {
                relay.kill();
                throw new IOException("the delay relay in " + name + " did not start:\n" + ChildProcess.tail(log, 20));
            }
            sleep(50);
        }
    }

    /** Deletes the namespace (its processes killed first), the veth pair and qdiscs with it. Never throws. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (relay != null) {
            relay.kill();
        }
        try {
            Commands.run(List.of("sh", "-c", deleteScript(name)));
        } catch (IOException e) {
            System.err.println("brokerbench: could not delete network namespace " + name + ": " + e.getMessage());
        }
        if (watcher != null) {
            dev.brokerbench.process.lifeline.ExitWatch.cancel(watcher);
        }
    }

    private static String deleteScript(String name) {
        return "ip netns pids " + name + " 2>/dev/null | xargs -r kill -9; ip netns del " + name
                + " 2>/dev/null; exit 0";
    }


    /**
     * The first address of a /30 in 10.213.0.0/16 that no interface of this stack uses yet, trying from one this
     * JVM's pid picks (suites running side by side take different ones).
     */
    private static String freeSubnet(long pid, int n) throws IOException {
        String used = Commands.run(List.of("ip", "-4", "-o", "addr", "show"));
        int start = (int) ((pid * 31 + n * 7L) % SUBNETS);
        for (int i = 0; i < SUBNETS; i++) {
            int s = (start + i) % SUBNETS;
            String base = "10.213." + (s >> 6) + ".";
            int first = (s & 63) << 2;
            if (!used.contains(" " + base + (first + 1) + "/")) {
                return base + first;
            }
        }
        throw new IOException("no free /30 left in 10.213.0.0/16");
    }

    /** The {@code k}-th address of the /30 starting at {@code network}. */
    private static String host(String network, int k) {
        int dot = network.lastIndexOf('.');
        return network.substring(0, dot + 1) + (Integer.parseInt(network.substring(dot + 1)) + k);
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }
}
