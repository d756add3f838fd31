package dev.brokerbench.brokers.artemis;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.local.RunningFacts;
import dev.brokerbench.brokers.probe.StompConnectProbe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ActiveMQ Artemis from its official binary distribution, installed the way a user installs it: {@code artemis create}
 * (which measures the disk and writes the calibrated journal-buffer-timeout, picks ASYNCIO where libaio loads, and
 * turns the audit loggers off) and then {@code bin/artemis run} of that instance. One acceptor on 127.0.0.1 serves
 * Core, OpenWire, AMQP and STOMP.
 */
public final class ArtemisLocalRuntime implements BrokerRuntime {
    private static final Pattern VERSION = Pattern.compile("Artemis Message Broker version ([0-9][^ ]*)");






    @Override
    public BrokerDescriptor broker() {
        return ArtemisBroker.DESCRIPTOR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        return Instances.unlessPresent(ArtemisInstaller.home(environment.distributionDir()).isPresent(),
                "Artemis distribution", environment.distributionDir().resolve("artemis"))
                .or(() -> Instances.unlessPlaceable(environment, Optional.empty()));
    }

    /** Starts it; once more on new ports when a port was taken ({@link Instances#onFreePorts}). */
    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        return Instances.onFreePorts(() -> startOnce(env));
    }

    private BrokerInstance startOnce(BrokerEnvironment env) throws BrokerStartException {
        Path home = ArtemisInstaller.home(env.distributionDir())
                .orElseThrow(() -> new BrokerStartException(unavailableReason(env).orElseThrow()));
        Path dir = Instances.newDirectory(env, broker().id());
        int port = Ports.freeLoopbackPort();
        Path instance = dir.resolve("instance");
        Map<String, String> settings = new LinkedHashMap<>(
                ArtemisInstaller.create(home, instance, port, env.heap(), dir.resolve("create.log"), env.startTimeout()));
        settings.put("heap", env.heapPolicy().line(env.heap()) + " (after artemis create --java-memory)");
        Instances.dataDirectory(env, instance.resolve("data"));

        LocalLaunch launch = launch(this, env, dir, instance, port, new StompConnectProbe(), VERSION);
        Map<Protocol, Endpoint> endpoints = Endpoint.loopback(broker().protocols(), port);
        return Instances.startOrClean(
                new LocalBrokerInstance(this, launch, endpoints, settings, env, dir));
    }

    /**
     * {@code bin/artemis run} of a created instance, ready when {@code probe} answers on {@code port} and the log of
     * this start matches {@code ready} (its group 1 the version).
     */
    static LocalLaunch launch(BrokerRuntime runtime, BrokerEnvironment env, Path dir, Path instance, int port,
                              dev.brokerbench.brokers.probe.ReadinessProbe probe, Pattern ready) {
        Map<String, String> environment = Map.of(
                "JAVA_HOME", Jvm.javaHome().toString(),
                // after the instance's own JAVA_ARGS (artemis.profile): the heap flags given last win
                "JAVA_ARGS_APPEND", Jvm.lifelineAgent(env.distributionDir(), dir) + " "
                        + env.heapPolicy().line(env.heap()) + " " + GcLogReader.option(dir.resolve(LocalLaunch.GC_LOG)));
        return new LocalLaunch(
                List.of("bash", instance.resolve("bin").resolve("artemis").toString(), "run"), environment, instance,
                instance.resolve("log").resolve("console.log"), instance.resolve("log").resolve("artemis.log"),
                Endpoint.loopback(Protocol.CORE, port), probe, ready)
                .withRunningFacts(runtime.broker().logSignals().runningFacts()).withGcLog(dir.resolve(LocalLaunch.GC_LOG));
    }


}
