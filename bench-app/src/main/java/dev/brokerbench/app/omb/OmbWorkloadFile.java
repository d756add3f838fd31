package dev.brokerbench.app.omb;

import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.model.WorkloadLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads an OpenMessaging Benchmark workload file strictly (unknown keys refused, each error naming the file). */
public final class OmbWorkloadFile {
    private OmbWorkloadFile() {
    }

    /** The suite's workload of {@code file}, named after the file. */
    public static Workload read(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new InvalidConfigException("--omb-workload: " + file + " is not a file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return new WorkloadLoader().read(name, in, OmbWorkload.class,
                    omb -> omb.toWorkload(OmbWorkload.caseName(name)));
        } catch (IOException e) {
            throw new InvalidConfigException("--omb-workload: cannot read " + file + ": " + e.getMessage());
        }
    }
}
