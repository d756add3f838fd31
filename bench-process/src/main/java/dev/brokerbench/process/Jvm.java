package dev.brokerbench.process;

import dev.brokerbench.process.lifeline.Guard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM that runs the suite, reused for every JVM the suite starts (brokers, baseline servers), so that all of them
 * run on the same JDK, and the lifeline that ties each of them to the suite.
 */
public final class Jvm {
    private Jvm() {
    }

    public static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    public static String javaExecutable() {
        return javaHome().resolve("bin").resolve("java").toString();
    }

    /**
     * The agent that makes a broker exit, and deletes its instance directory, when the suite's JVM is gone (even
     * after SIGKILL, when no shutdown hook of the suite runs).
     */
    public static String lifelineAgent(Path distributionDir, Path instanceDir) {
        return "-javaagent:" + distributionDir.resolve("lifeline.jar") + "=" + instanceDir;
    }

    /** The same lifeline for a broker that is not a JVM: {@code command} runs as the child of the lifeline Guard. */
    public static List<String> guarded(Path distributionDir, Path instanceDir, List<String> command) {
        List<String> guarded = new ArrayList<>(List.of(javaExecutable(), "-Xmx32m",
                "-cp", distributionDir.resolve("lifeline.jar").toString(), Guard.class.getName(),
                instanceDir.toString()));
        guarded.addAll(command);
        return guarded;
    }
}
