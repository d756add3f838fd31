package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the suite ran.
 *
 * @param os        name, version, architecture
 * @param jvm       vendor and version of the suite's JVM
 * @param cpuModel  from /proc/cpuinfo where available
 * @param cores     available processors
 * @param maxHeapMb the suite's maximum heap
 */
public record EnvironmentInfo(@Required String os, @Required String jvm, @Required String cpuModel, int cores,
                              long maxHeapMb) {

    public static EnvironmentInfo current() {
        return new EnvironmentInfo(
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.vendor") + " " + Runtime.version(),
                readCpuModel(), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() / (1024 * 1024));
    }

    private static String readCpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
