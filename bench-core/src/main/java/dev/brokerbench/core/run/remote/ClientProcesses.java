package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.spi.ServerReceipt;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts consumers ({@link ConsumerProcessMain}) and request/reply server sessions ({@link RpcServerProcessMain}) as
 * separate JVMs on the suite's own classpath, for faults that kill one the way an application crashes.
 *
 * @param pathId   the client path (its library runs in the child)
 * @param brokerId the broker, for the path's broker-specific settings
 * @param endpoint where the broker listens for the path's protocol
 * @param spec     the workload's client settings (prefetch, ack mode and batch)
 */
public record ClientProcesses(String pathId, String brokerId, Endpoint endpoint, ClientSpec spec) {

    /** Starts one consumer process on the queue and waits until its consumer is open. */
    public ProcessConsumer open(String queue, Duration timeout) throws IOException, InterruptedException {
        return ProcessConsumer.start(command(ConsumerProcessMain.class, queue, Json.mapper().writeValueAsString(spec)),
                timeout);
    }

    /**
     * Starts {@code sessions} request/reply server sessions on the queue, spread over {@code processes} processes
     * (the first ones taking one more where they do not divide evenly), and waits until every process serves.
     */
    public ProcessRpcServer rpcServer(String queue, int sessions, int processes, ServerReceipt onReceive,
                                      Duration timeout) throws IOException, InterruptedException {
        List<List<String>> commands = new ArrayList<>();
        List<Integer> each = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            int mine = sessions / processes + (p < sessions % processes ? 1 : 0);
            each.add(mine);
            commands.add(command(RpcServerProcessMain.class, queue, String.valueOf(mine),
                    Json.mapper().writeValueAsString(spec)));
        }
        return ProcessRpcServer.start(commands, each, onReceive, timeout);
    }

    /** A JVM on the suite's own classpath running {@code main} for this path, broker and queue. */
    private List<String> command(Class<?> main, String queue, String... more) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), main.getName(), pathId, brokerId, endpoint.protocol().name(),
                endpoint.host(), String.valueOf(endpoint.port()), queue));
        command.addAll(List.of(more));
        return command;
    }
}
