package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.result.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Starts consumers as separate JVMs running {@link ConsumerProcessMain} on the suite's own classpath, for faults that
 * kill a consumer the way an application crashes.
 *
 * @param pathId   the client path (its library runs in the child)
 * @param brokerId the broker, for the path's broker-specific settings
 * @param endpoint where the broker listens for the path's protocol
 * @param spec     the workload's client settings (prefetch, ack mode and batch)
 */
public record ConsumerProcesses(String pathId, String brokerId, Endpoint endpoint, ClientSpec spec) {

    /** Starts one consumer process on the queue and waits until its consumer is open. */
    public ProcessConsumer open(String queue, Duration timeout) throws IOException, InterruptedException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), ConsumerProcessMain.class.getName(),
                pathId, brokerId, endpoint.protocol().name(), endpoint.host(), String.valueOf(endpoint.port()), queue,
                Json.mapper().writeValueAsString(spec));
        return ProcessConsumer.start(command, timeout);
    }
}
