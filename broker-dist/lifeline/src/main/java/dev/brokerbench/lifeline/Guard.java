package dev.brokerbench.lifeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The lifeline for brokers that are not JVMs (the java agent cannot ride along): runs the broker as its child and
 * ties it to the suite. When the suite's pipe on stdin closes (the suite died, even by SIGKILL), the guard kills the
 * broker and everything it started, deletes the instance directory and exits. SIGTERM to the guard stops the broker
 * in order (SIGTERM, then SIGKILL after {@link #GRACE_SECONDS}). The guard exits with the broker's exit code.
 *
 * <p>Usage: {@code java -cp lifeline.jar dev.brokerbench.lifeline.Guard INSTANCE_DIR COMMAND [ARGS...]}
 */
public final class Guard {
    static final long GRACE_SECONDS = 30;

    private Guard() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Guard INSTANCE_DIR COMMAND [ARGS...]");
            System.exit(2);
        }
        Path instanceDir = Path.of(args[0]);
        List<String> command = Arrays.asList(args).subList(1, args.length);
        Process broker = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(broker), "brokerbench-guard-stop"));
        Thread watcher = new Thread(() -> {
            drain(System.in);
            System.err.println("brokerbench guard: the suite that started this broker is gone; killing it and"
                    + " removing " + instanceDir);
            kill(broker);
            Trees.delete(instanceDir);
            try {
                Files.deleteIfExists(instanceDir.getParent());
            } catch (DirectoryNotEmptyException e) {
                // other instances still live there
            } catch (IOException e) {
                System.err.println("brokerbench guard: " + e);
            }
            Runtime.getRuntime().halt(3);
        }, "brokerbench-guard-lifeline");
        watcher.setDaemon(true);
        watcher.start();
        System.exit(broker.waitFor());
    }

    private static void drain(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the suite never writes; anything read is ignored
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file
        }
    }

    private static void stop(Process broker) {
        if (!broker.isAlive()) {
            return;
        }
        broker.destroy();
        try {
            if (!broker.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                kill(broker);
            }
        } catch (InterruptedException e) {
            kill(broker);
        }
    }

    private static void kill(Process broker) {
        broker.descendants().forEach(ProcessHandle::destroyForcibly);
        broker.destroyForcibly();
    }
}
