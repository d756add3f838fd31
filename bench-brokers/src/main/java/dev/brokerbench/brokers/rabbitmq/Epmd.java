package dev.brokerbench.brokers.rabbitmq;

import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Jvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A private Erlang port mapper on its own loopback port, as the suite's child: without it the node would spawn a
 * daemon epmd that outlives the suite.
 */
final class Epmd {
    private Epmd() {
    }

    static Optional<Path> executable() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.concat(Stream.of(path.split(":")).map(Path::of), Stream.of(Path.of("/usr/bin")))
                .map(d -> d.resolve("epmd")).filter(Files::isExecutable).findFirst();
    }

    /** Starts epmd under the lifeline Guard, so it dies with the suite like the node it serves. */
    static ChildProcess start(int port, Path distributionDir, Path instanceDir, Path log) throws IOException {
        Path epmd = executable().orElseThrow(() -> new IOException("epmd not found on PATH"));
        return ChildProcess.start(Jvm.guarded(distributionDir, instanceDir,
                List.of(epmd.toString(), "-port", String.valueOf(port), "-address", "127.0.0.1")),
                Map.of(), log.getParent(), log);
    }
}
