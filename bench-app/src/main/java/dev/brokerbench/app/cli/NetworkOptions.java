package dev.brokerbench.app.cli;

import dev.brokerbench.core.broker.LinkRate;
import dev.brokerbench.core.broker.NetworkPath;
import dev.brokerbench.core.broker.RuntimeKind;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** Where the brokers the suite starts sit on the network, and the link's conditions. */
public final class NetworkOptions {
    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]{1,3})?)(us|ms)");

    @Option(names = "--network", defaultValue = "loopback", paramLabel = "PLACEMENT",
            description = "Where each local broker's network stack is: loopback (the suite's own, default) or"
                    + " namespace (a Linux network namespace of its own, joined by a veth pair and reached at its"
                    + " address; root, --runtime local; Artemis, ActiveMQ Classic and Apollo).")
    String network;

    @Option(names = "--added-rtt", paramLabel = "DURATION",
            description = "Round-trip time added to every connection to a broker, half each way, e.g. 1ms or"
                    + " 500us (0..1000ms; --network namespace only).")
    String addedRtt;

    @Option(names = "--link-rate", paramLabel = "RATE",
            description = "The link's rate each way, e.g. 100mbit or 1gbit (tc token bucket; --network namespace"
                    + " only).")
    String linkRate;

    /** The path asked for; a bad value or a combination that cannot hold is an error naming the option. */
    NetworkPath path(CommandLine cli, Optional<RuntimeKind> runtime) {
        NetworkPath.Placement placement = switch (network.trim().toLowerCase(Locale.ROOT)) {
            case "loopback" -> NetworkPath.Placement.LOOPBACK;
            case "namespace" -> NetworkPath.Placement.NAMESPACE;
            default -> throw new ParameterException(cli, "--network: '" + network
                    + "' is not a placement; allowed: loopback, namespace");
        };
        Duration rtt = addedRtt == null ? Duration.ZERO : duration(cli, addedRtt);
        Optional<LinkRate> rate;
        try {
            rate = linkRate == null ? Optional.empty() : Optional.of(LinkRate.parse(linkRate));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cli, "--link-rate: " + e.getMessage() + " (64kbit..100gbit)");
        }
        if (placement == NetworkPath.Placement.LOOPBACK && (addedRtt != null || linkRate != null)) {
            throw new ParameterException(cli, (addedRtt != null ? "--added-rtt" : "--link-rate")
                    + ": shapes the link to a broker on its own network stack; add --network namespace");
        }
        if (placement == NetworkPath.Placement.NAMESPACE && !runtime.equals(Optional.of(RuntimeKind.LOCAL))) {
            throw new ParameterException(cli, "--network namespace: only with --runtime local (a container is"
                    + " reached through a host port on loopback; an external broker is where it is)");
        }
        return new NetworkPath(placement, rtt, rate);
    }

    private static Duration duration(CommandLine cli, String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ParameterException(cli, "--added-rtt: '" + text + "' is not a duration; use e.g. 1ms or 500us");
        }
        double value = Double.parseDouble(m.group(1));
        Duration d = Duration.ofNanos(Math.round(value * (m.group(2).equals("us") ? 1e3 : 1e6)));
        if (d.compareTo(NetworkPath.MAX_ADDED_RTT) > 0) {
            throw new ParameterException(cli, "--added-rtt: " + text + " is more than the allowed 0..1000ms");
        }
        return d;
    }
}
