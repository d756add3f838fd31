package dev.brokerbench.brokers.container;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Testcontainers pulls two helper images when it first connects: its Ryuk reaper (unless
 * {@code TESTCONTAINERS_RYUK_DISABLED=true}) and, when the suite itself runs inside a container, a tiny image to find
 * the gateway (unless {@code TESTCONTAINERS_HOST_OVERRIDE} is set). With no registry reachable each attempt stalls
 * for two minutes and then fails; this check asks the engine (through the {@code docker} command) first and says
 * which variable to set instead. The suite needs neither helper: it reaps its own containers and publishes on
 * 127.0.0.1.
 */
final class TestcontainersPreflight {
    static final String RYUK_IMAGE = "testcontainers/ryuk:0.14.0";
    static final String TINY_IMAGE = "alpine:3.17";

    private TestcontainersPreflight() {
    }

    static Optional<String> unmet() {
        if (!onPath("docker")) {
            return Optional.empty();
        }
        if (!docker(20, "version", "--format", "{{.Server.Version}}")) {
            return Optional.of("no Docker engine answers 'docker version' (DOCKER_HOST="
                    + Optional.ofNullable(System.getenv("DOCKER_HOST")).orElse("unset, the default socket")
                    + "): start dockerd, or run with --runtime local");
        }
        List<String> missing = new ArrayList<>();
        if (!"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED")) && !available(RYUK_IMAGE)) {
            missing.add("its Ryuk reaper image " + RYUK_IMAGE + " cannot be pulled: set TESTCONTAINERS_RYUK_DISABLED=true"
                    + " (the suite removes its own containers)");
        }
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        if (new File("/.dockerenv").exists() && (override == null || override.isBlank()) && !available(TINY_IMAGE)) {
            missing.add("this machine is itself a container and the gateway probe image " + TINY_IMAGE + " cannot be"
                    + " pulled: set TESTCONTAINERS_HOST_OVERRIDE=localhost (ports are published on 127.0.0.1)");
        }
        return missing.isEmpty() ? Optional.empty()
                : Optional.of("Testcontainers would stall: " + String.join("; ", missing));
    }

    private static boolean available(String image) {
        return docker(15, "image", "inspect", image) || docker(120, "pull", "-q", image);
    }

    private static boolean docker(int timeoutSeconds, String... args) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        try {
            Process p = dev.brokerbench.process.ChildEnvironment.clean(new ProcessBuilder(command)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (new File(dir, command).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
