package dev.brokerbench.brokers.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.brokerbench.process.Cleanup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Nothing the suite starts in Docker outlives it. Every container and volume carries this JVM's session label; the
 * JVM's shutdown hook removes them (Ctrl-C, SIGTERM, normal exit), and for SIGKILL of the suite a watcher process
 * holds a pipe from this JVM: when the pipe closes it removes everything with the label. Works without Testcontainers'
 * Ryuk (which needs a registry to pull its image).
 */
public final class ContainerReaper {
    public static final String LABEL = "dev.brokerbench";
    public static final String SESSION_LABEL = "dev.brokerbench.session";
    private static final String SESSION = UUID.randomUUID().toString();
    private static boolean armed;
    /** Held for the life of the JVM: its stdin pipe is the lifeline (an unreachable Process may close it). */
    private static Process watcher;

    private ContainerReaper() {
    }

    /** Labels for every container and volume of this JVM. */
    public static Map<String, String> labels() {
        return Map.of(LABEL, "true", SESSION_LABEL, SESSION);
    }

    /**
     * Arms the shutdown hook and the watcher once, before the first container or volume is created.
     *
     * @param workRoot the run's temporary directory: the watcher deletes it too (no local broker's lifeline does so
     *                 when every broker of the run is a container)
     */
    public static synchronized void arm(Path workRoot) {
        if (armed) {
            return;
        }
        armed = true;
        Cleanup.register(ContainerReaper::removeAll);
        watcher = startWatcher(workRoot);
    }

    /** Removes every container and volume of this session. Never throws. */
    public static void removeAll() {
        try {
            DockerClient docker = DockerEngine.client();
            String filter = SESSION_LABEL + "=" + SESSION;
            List<Container> containers = docker.listContainersCmd().withShowAll(true)
                    .withLabelFilter(List.of(filter)).exec();
            for (Container c : containers) {
                try {
                    docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                } catch (RuntimeException e) {
                    System.err.println("brokerbench: could not remove container " + c.getId() + ": " + e.getMessage());
                }
            }
            docker.listVolumesCmd().withFilter("label", List.of(filter)).exec().getVolumes()
                    .forEach(v -> removeVolume(v.getName()));
        } catch (RuntimeException e) {
            System.err.println("brokerbench: could not remove this run's containers: " + e.getMessage());
        }
    }

    static void removeVolume(String name) {
        try {
            DockerEngine.client().removeVolumeCmd(name).exec();
        } catch (RuntimeException e) {
            System.err.println("brokerbench: could not remove volume " + name + ": " + e.getMessage());
        }
    }

    /**
     * {@code setsid sh -c 'cat >/dev/null; docker rm ...'} with its stdin on a pipe this JVM holds and never writes:
     * {@code cat} returns when the JVM is gone, however it died. setsid keeps it out of the terminal's Ctrl-C.
     */
    private static Process startWatcher(Path workRoot) {
        String filter = SESSION_LABEL + "=" + SESSION;
        String script = "cat >/dev/null; rm -rf '" + workRoot.toAbsolutePath().toString().replace("'", "'\\''")
                + "'; "
                + "ids=$(docker ps -aq --filter label=" + filter + "); "
                + "[ -z \"$ids\" ] || docker rm -f -v $ids >/dev/null 2>&1; "
                + "vols=$(docker volume ls -q --filter label=" + filter + "); "
                + "[ -z \"$vols\" ] || docker volume rm -f $vols >/dev/null 2>&1; exit 0";
        if (!TestcontainersPreflight.onPath("docker") || !TestcontainersPreflight.onPath("setsid")) {
            System.err.println("brokerbench: no 'docker' or 'setsid' command on PATH: if the suite is killed with"
                    + " SIGKILL, remove its containers with: docker rm -f -v $(docker ps -aq --filter label=" + LABEL
                    + ")");
            return null;
        }
        try {
            return dev.brokerbench.process.ChildEnvironment.clean(new ProcessBuilder("setsid", "sh", "-c", script))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            System.err.println("brokerbench: could not start the container watcher: " + e.getMessage());
            return null;
        }
    }
}
