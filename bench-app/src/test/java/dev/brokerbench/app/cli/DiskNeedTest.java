package dev.brokerbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The published depth against the brokers' free space: c4 at scale 1 holds 500,000 messages of 10,240 bytes before
 * its drain, 500,000 x (10,240 + 1,024) = 5,632,000,000 bytes with the stores' own records.
 */
class DiskNeedTest {
    private static final Path ROOT = Path.of("/data");
    private static final long C4_AT_SCALE_1 = 500_000L * (10_240 + 1_024);

    private static Workload find(String name) {
        return WorkloadCatalog.builtIn().find(name).orElseThrow();
    }

    @Test
    void theDeepestQueueThatDoesNotFitRefusesTheRunNamingScaleAndTheDirectory() {
        assertThat(DiskNeed.shortfall(1, List.of(find("c1"), find("c4")), 4_000_000_000L, ROOT)).hasValue(
                "--scale: 1.0 gives case c4 a queue of 500,000 messages of 10,240 bytes, about 5.6 GB on the brokers'"
                        + " disk with their stores' own records; /data has 4.0 GB free: lower --scale, or give the"
                        + " brokers a larger disk with --data-dir");
    }

    @Test
    void aQueueThatFitsExactlyIsLetThroughAndOneByteLessIsNot() {
        assertThat(DiskNeed.shortfall(1, List.of(find("c4")), C4_AT_SCALE_1, ROOT)).isEmpty();
        assertThat(DiskNeed.shortfall(1, List.of(find("c4")), C4_AT_SCALE_1 - 1, ROOT)).isPresent();
        assertThat(DiskNeed.shortfall(0.01, List.of(find("c4")), C4_AT_SCALE_1 / 100, ROOT)).isEmpty();
    }

    @Test
    void liveAndCallCasesBuildNoQueue() {
        List<Workload> flowing = WorkloadCatalog.builtIn().all().stream().filter(w -> w.live() || w.calls()).toList();
        assertThat(flowing).isNotEmpty();
        assertThat(DiskNeed.shortfall(1, flowing, 0, ROOT)).isEmpty();
    }
}
