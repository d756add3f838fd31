package dev.brokerbench.brokers.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/** The Docker engine Testcontainers finds ({@code DOCKER_HOST}, the default socket, ...), looked up once per JVM. */
public final class DockerEngine {
    /** How to make containers available here, for skip messages. */
    public static final String HOW_TO_ENABLE = "start dockerd, build the images with docker/build-images.sh, export"
            + " TESTCONTAINERS_RYUK_DISABLED=true (no registry) and TESTCONTAINERS_HOST_OVERRIDE=localhost";
    private static Optional<String> unavailable;

    private DockerEngine() {
    }

    /** Empty when an engine answers; otherwise why not and what to do. */
    public static synchronized Optional<String> unavailableReason() {
        if (unavailable == null) {
            unavailable = probe();
        }
        return unavailable;
    }

    private static Optional<String> probe() {
        Optional<String> preflight = TestcontainersPreflight.unmet();
        if (preflight.isPresent()) {
            return preflight;
        }
        try {
            DockerClientFactory.instance().client();
            return Optional.empty();
        } catch (RuntimeException e) {
            String hint = "true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED")) ? ""
                    : " If an engine runs but no image registry is reachable, set TESTCONTAINERS_RYUK_DISABLED=true"
                    + " (Testcontainers cannot pull its reaper image; the suite removes its own containers).";
            return Optional.of("no Docker engine reachable (" + rootMessage(e) + "): start dockerd, or run with"
                    + " --runtime local." + hint);
        }
    }

    /** CI sets {@code BROKERBENCH_REQUIRE_CONTAINERS=true}: container tests must run there, not skip. */
    public static boolean required() {
        return "true".equalsIgnoreCase(System.getenv("BROKERBENCH_REQUIRE_CONTAINERS"));
    }

    /**
     * The in-memory filesystem type ({@code tmpfs}, {@code ramfs}) under the engine's data root, where its volumes
     * live, when the engine runs on this host and keeps them there; empty otherwise or when no engine answers.
     */
    public static Optional<String> volumesInMemory() {
        if (unavailableReason().isPresent()) {
            return Optional.empty();
        }
        try {
            java.nio.file.Path root = java.nio.file.Path.of(client().infoCmd().exec().getDockerRootDir());
            return java.nio.file.Files.isDirectory(root)
                    ? dev.brokerbench.brokers.local.DataFilesystem.inMemory(root) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    public static DockerClient client() {
        return DockerClientFactory.instance().client();
    }

    /** The image's id ({@code sha256:...}) when the engine has it. */
    public static Optional<String> imageId(String image) {
        try {
            return Optional.ofNullable(client().inspectImageCmd(image).exec().getId());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    /** Tries to pull the image; false when no registry has it (or none is reachable) within the timeout. */
    public static boolean pull(String image, Duration timeout) {
        try {
            return client().pullImageCmd(image).start().awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    && imageId(image).isPresent();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (RuntimeException e) {
            return false;
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
