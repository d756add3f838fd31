package dev.brokerbench.app.cli;

import dev.brokerbench.brokers.external.ExternalBrokerRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Before a run writes anything, a broker the user gave by {@code --url} must answer on every endpoint, complete a TLS
 * handshake where the URL says {@code +tls}, and let each selected client path log in: an unreachable URL, a
 * certificate not trusted or a refused login is an option error, not a run of failed cells.
 */
final class ExternalCheck {
    private ExternalCheck() {
    }

    /** A refused login is an error of {@code --user} where the endpoint carries the user's credentials. */
    static void reachable(CommandLine cli, MatrixRunner.Entry entry, BrokerEnvironment env) {
        BrokerRuntime runtime = entry.runtime();
        if (!(runtime instanceof ExternalBrokerRuntime) || entry.workloads().isEmpty()) {
            return;
        }
        Optional<String> why = runtime.unavailableReason(env);
        if (why.isPresent()) {
            throw new ParameterException(cli, "--url: " + why.get());
        }
        try (BrokerInstance instance = runtime.start(env)) {
            java.util.Set<Endpoint> handshaken = new java.util.HashSet<>(); // once per endpoint, not per path
            for (DriverFactory path : entry.paths()) {
                if (!runtime.protocols().contains(path.protocol())) {
                    continue;
                }
                Endpoint endpoint = instance.endpoint(path.protocol());
                if (endpoint.tls().isPresent() && handshaken.add(endpoint)) {
                    Optional<String> problem = TlsHandshake.problem(runtime.broker().displayName(), endpoint);
                    if (problem.isPresent()) {
                        throw new ParameterException(cli, problem.get());
                    }
                }
                try (Driver driver = path.create(runtime.broker().family(), endpoint,
                        entry.workloads().get(0).clientSpec())) {
                    driver.verifyConnection();
                } catch (Exception e) {
                    throw new ParameterException(cli, (endpoint.credentials().user().isPresent() ? "--user" : "--url")
                            + ": "
                            + runtime.broker().displayName() + " did not let client path " + path.id() + " connect: "
                            + oneLine(e));
                }
            }
        } catch (ParameterException e) {
            throw e;
        } catch (Exception e) {
            throw new ParameterException(cli, "--url: " + runtime.broker().displayName() + ": " + oneLine(e));
        }
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s+", " ").strip();
    }
}
