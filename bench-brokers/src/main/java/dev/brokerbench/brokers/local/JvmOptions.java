package dev.brokerbench.brokers.local;

import java.nio.file.Path;

/** Facts about the JVM that runs the suite, reused for JVM brokers so that every broker runs on the same JDK. */
public final class JvmOptions {
    private JvmOptions() {
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
    public static java.util.List<String> guarded(Path distributionDir, Path instanceDir, java.util.List<String> command) {
        java.util.List<String> guarded = new java.util.ArrayList<>(java.util.List.of(javaExecutable(), "-Xmx32m",
                "-cp", distributionDir.resolve("lifeline.jar").toString(), "dev.brokerbench.lifeline.Guard",
                instanceDir.toString()));
        guarded.addAll(command);
        return guarded;
    }
}
