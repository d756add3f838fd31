package dev.brokerbench.process.lifeline;

import dev.brokerbench.process.ProcessTrees;
import dev.brokerbench.process.Trees;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lifeline for brokers that are not JVMs (the java agent cannot ride along): runs the broker as its child and
 * ties it to the suite. When the suite's pipe on stdin closes (the suite died, even by SIGKILL), the guard kills the
 * broker and everything it started, deletes the instance directory and exits. SIGTERM to the guard stops the broker
 * in order (SIGTERM, then SIGKILL after {@link #GRACE_SECONDS}). The guard exits with the broker's exit code.
 *
 * <p>Usage: {@code java -cp lifeline.jar dev.brokerbench.process.lifeline.Guard INSTANCE_DIR COMMAND [ARGS...]}
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
        AtomicBoolean orphaned = new AtomicBoolean();
        Thread watcher = new Thread(() -> {
            SuitePipe.awaitClose(System.in);
            orphaned.set(true);
            System.err.println("brokerbench guard: the suite that started this broker is gone; killing it and"
                    + " removing " + instanceDir);
            ProcessTrees.awaitExit(ProcessTrees.kill(broker.toHandle()), Duration.ofSeconds(5));
            Trees.delete(instanceDir);
            Trees.deleteParentOnceEmpty(instanceDir, Duration.ofSeconds(2));
            Runtime.getRuntime().halt(3);
        }, "brokerbench-guard-lifeline");
        watcher.setDaemon(true);
        watcher.start();
        int code = broker.waitFor();
        if (orphaned.get()) {
            // the broker died because the lifeline killed it: exiting now would end the JVM in the middle of the
            // cleanup (the instance directory was left behind whole); the watcher halts when it is done
            watcher.join();
        }
        System.exit(code);
    }

    private static void stop(Process broker) {
        if (!broker.isAlive()) {
            return;
        }
        broker.destroy();
        try {
            if (!broker.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                ProcessTrees.kill(broker.toHandle());
            }
        } catch (InterruptedException e) {
            ProcessTrees.kill(broker.toHandle());
        }
    }
}
