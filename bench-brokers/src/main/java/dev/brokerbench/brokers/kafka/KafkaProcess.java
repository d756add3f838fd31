package dev.brokerbench.brokers.kafka;

import dev.brokerbench.brokers.local.LocalCommand;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.probe.KafkaApiVersionsProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.gc.GcLogReader;
import dev.brokerbench.process.Jvm;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One Kafka server as a local process, from the jars in broker-dist's {@code kafka/}: its properties file, the
 * storage format of its log directory, and {@code kafka.Kafka} with Kafka's own JVM options and the lifeline agent.
 */
final class KafkaProcess {
    private KafkaProcess() {
    }

    /** Writes the server's properties. */
    static void writeProperties(Path file, Map<String, String> values) throws BrokerStartException {
        Properties p = new Properties();
        p.putAll(values);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "written by brokerbench (KafkaServerConfig)");
        } catch (IOException e) {
            throw new BrokerStartException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code kafka-storage format} of the log directory {@code config} names, with {@code arguments}. */
    static void format(Path home, Path dir, Path config, List<String> arguments, Duration timeout)
            throws BrokerStartException {
        List<String> format = new ArrayList<>(List.of(Jvm.javaExecutable()));
        format.addAll(classpath(home, dir));
        format.addAll(List.of("kafka.tools.StorageTool", "format", "--config", config.toString()));
        format.addAll(arguments);
        LocalCommand.run("kafka-storage format", format, dir, dir.resolve("format.log"), timeout);
    }

    /** The server in {@code dir}, ready when it answers ApiVersions on {@code endpoint} and logged its start. */
    static LocalLaunch launch(BrokerEnvironment env, Path home, Path dir, Path config, Endpoint endpoint) {
        List<String> command = new ArrayList<>(List.of(Jvm.javaExecutable()));
        command.addAll(Arrays.asList(KafkaServerConfig.heapOptions(env.heap()).split(" ")));
        command.addAll(Arrays.asList(KafkaServerConfig.JVM_PERFORMANCE_OPTIONS.split(" ")));
        command.add(GcLogReader.option(dir.resolve(LocalLaunch.GC_LOG)));
        command.add(Jvm.lifelineAgent(env.distributionDir(), dir));
        command.addAll(classpath(home, dir));
        command.addAll(List.of(KafkaServerConfig.MAIN, config.toString()));
        return new LocalLaunch(command, Map.of(), dir, dir.resolve("console.log"),
                dir.resolve("logs").resolve("server.log"), endpoint, new KafkaApiVersionsProbe(),
                KafkaServerConfig.STARTED).withGcLog(dir.resolve(LocalLaunch.GC_LOG));
    }

    /** What the storage tool and the server share: the jars and the logging (to {@code dir/logs}). */
    private static List<String> classpath(Path home, Path dir) {
        return List.of("-Dlog4j2.configurationFile=" + home.resolve("config").resolve("log4j2.properties"),
                "-Dkafka.logs.dir=" + dir.resolve("logs"), "-cp", home.resolve("lib") + "/*");
    }
}
