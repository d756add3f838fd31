package dev.brokerbench.process.net;

import dev.brokerbench.process.Commands;
import dev.brokerbench.process.Cleanup;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Packets between the suite and a broker's ports on loopback dropped by iptables rules of the suite's own: every
 * packet (a partition: no byte gets through either way, the connections stay open and TCP retransmits until the
 * rules go) or a random share of them (a lossy link). Each port gets two rules in the INPUT chain of {@code lo}, one
 * for packets to it and one for packets from it, so the cut is both ways and touches no other port of the machine.
 * Between the nodes of a cluster ({@link #between}) the rules match a pair of ports each: one node's listening port
 * and the range the other's connections leave from.
 *
 * <p>Nothing outlives the suite: {@link #close()} (also at JVM exit) deletes the rules, and a watcher process holding
 * a pipe from this JVM does the same after a SIGKILL of the suite.
 */
public final class PacketDrop implements AutoCloseable {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private final List<List<String>> rules;
    private final Process watcher;
    private boolean closed;

    private PacketDrop(List<List<String>> rules, Process watcher) {
        this.rules = rules;
        this.watcher = watcher;
    }

    /** Empty when packets can be dropped here; otherwise why not. */
    public static java.util.Optional<String> unavailableReason() {
        for (String tool : List.of("iptables", "setsid")) {
            if (!Commands.onPath(tool)) {
                return java.util.Optional.of("no '" + tool + "' on PATH (apt-get install iptables util-linux)");
            }
        }
        try {
            Commands.run(List.of("iptables", "-w", "-S", "INPUT"));
            return java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.of("cannot change iptables rules (root needed): " + e.getMessage());
        }
    }

    /**
     * Starts dropping.
     *
     * @param ports the broker's ports on loopback
     * @param share of the packets to drop, in (0, 1]: 1 drops every packet
     * @throws IOException when a rule could not be added (those added are deleted again)
     */
    public static PacketDrop start(List<Integer> ports, double share) throws IOException {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in (0, 1], got " + share);
        }
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("no port to drop the packets of");
        }
        List<List<String>> matches = new ArrayList<>();
        for (int port : ports) {
            for (String direction : List.of("--dport", "--sport")) {
                List<String> match = new ArrayList<>(List.of(direction, Integer.toString(port)));
                if (share < 1) {
                    match.addAll(List.of("-m", "statistic", "--mode", "random", "--probability",
                            String.format(Locale.ROOT, "%.6f", share)));
                }
                matches.add(match);
            }
        }
        return install(matches);
    }

    /**
     * One node's node-to-node ports on loopback: where it listens for the other nodes, and the range of local ports
     * its own connections to them leave from (a range of its own, so that its node-to-node traffic is told apart from
     * everyone else's by port alone).
     */
    public record NodePorts(int listen, int fromLow, int fromHigh) {
        public NodePorts {
            if (listen < 1 || listen > 65535 || fromLow < 1 || fromHigh > 65535 || fromLow > fromHigh) {
                throw new IllegalArgumentException("listen port and range must be ports, low <= high: " + listen + ", "
                        + fromLow + ".." + fromHigh);
            }
            if (listen >= fromLow && listen <= fromHigh) {
                throw new IllegalArgumentException("listen port " + listen + " lies in the range " + fromLow + ".."
                        + fromHigh);
            }
        }

        String range() {
            return fromLow + ":" + fromHigh;
        }
    }

    /**
     * Starts dropping every packet between {@code node} and each of {@code others}, both ways: the connections it
     * opened to them and those they opened to it. Packets of every other connection (clients, other pairs of nodes)
     * pass.
     *
     * @throws IOException when a rule could not be added (those added are deleted again)
     */
    public static PacketDrop between(NodePorts node, List<NodePorts> others) throws IOException {
        if (others.isEmpty()) {
            throw new IllegalArgumentException("no other node to cut " + node + " off from");
        }
        List<List<String>> matches = new ArrayList<>();
        for (NodePorts other : others) {
            matches.add(List.of("--sport", node.range(), "--dport", Integer.toString(other.listen())));
            matches.add(List.of("--sport", Integer.toString(other.listen()), "--dport", node.range()));
            matches.add(List.of("--sport", other.range(), "--dport", Integer.toString(node.listen())));
            matches.add(List.of("--sport", Integer.toString(node.listen()), "--dport", other.range()));
        }
        return install(matches);
    }

    /** One DROP rule on {@code lo}'s INPUT per TCP match, each with this drop's comment; deleted again on a failure. */
    private static PacketDrop install(List<List<String>> matches) throws IOException {
        String comment = "brokerbench-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet();
        List<List<String>> rules = new ArrayList<>();
        for (List<String> match : matches) {
            List<String> rule = new ArrayList<>(List.of("INPUT", "-i", "lo", "-p", "tcp"));
            rule.addAll(match);
            rule.addAll(List.of("-m", "comment", "--comment", comment, "-j", "DROP"));
            rules.add(rule);
        }
        Process watcher = dev.brokerbench.process.lifeline.ExitWatch.run(deleteScript(rules));
        PacketDrop drop = new PacketDrop(rules, watcher);
        Cleanup.register(drop::close);
        try {
            for (List<String> rule : rules) {
                List<String> insert = new ArrayList<>(List.of("iptables", "-w", "-I"));
                insert.addAll(rule);
                Commands.run(insert);
            }
            return drop;
        } catch (IOException | RuntimeException e) {
            drop.close();
            throw e;
        }
    }

    /** Deletes the rules: the link heals (TCP retransmits what was dropped). Never throws. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Commands.run(List.of("sh", "-c", deleteScript(rules)));
        } catch (IOException e) {
            System.err.println("brokerbench: could not delete iptables rules: " + e.getMessage());
        }
        dev.brokerbench.process.lifeline.ExitWatch.cancel(watcher);
    }

    /** Each rule deleted, as often as it is there; never fails. */
    private static String deleteScript(List<List<String>> rules) {
        StringBuilder script = new StringBuilder();
        for (List<String> rule : rules) {
            String quoted = String.join(" ", rule.stream().map(a -> "'" + a + "'").toList());
            script.append("while iptables -w -D ").append(quoted).append(" 2>/dev/null; do :; done; ");
        }
        return script.append("exit 0").toString();
    }
}
