package dev.brokerbench.app.cli;

import dev.brokerbench.app.metrics.MetricsEndpoint;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --metrics-port}: the run's figures served for Prometheus while it goes on. */
public final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve the running phase's completions and latency percentiles and every finished cell's"
                    + " rate, percentiles and accounting in the Prometheus/OpenMetrics text format at"
                    + " http://127.0.0.1:PORT/metrics while the run goes on (1..65535; loopback only; docs/report.md).")
    Integer port;

    /** Checks the option; nothing is opened. */
    void validate(CommandLine cli) {
        if (port != null) {
            OptionRange.check(cli, "--metrics-port", port, 1, 65535);
        }
    }

    /** The endpoint, started; empty without the option. A port that is taken is an error naming the option. */
    Optional<MetricsEndpoint> start(CommandLine cli) {
        if (port == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(MetricsEndpoint.start(port));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cli, "--metrics-port: cannot listen on 127.0.0.1:" + port + ": "
                    + e.getMessage());
        }
    }
}
