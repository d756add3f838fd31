package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultStoreTest {
    @TempDir
    Path tmp;

    @Test
    void aCompleteRunTookTheTimeFromItsClaimToItsMarkerAnIncompleteOneSaysNothing() throws Exception {
        Path dir = tmp.resolve("run");
        ResultStore store = ResultStore.claim(dir);
        assertThat(ResultStore.elapsed(dir)).isEmpty();
        store.complete("r1");
        Instant claimed = Instant.parse("2026-11-27T01:00:00Z");
        Files.setLastModifiedTime(dir.resolve(ResultStore.CLAIM), FileTime.from(claimed));
        Files.setLastModifiedTime(dir.resolve(ResultStore.COMPLETE), FileTime.from(claimed.plusSeconds(250)));
        assertThat(ResultStore.elapsed(dir)).contains(Duration.ofSeconds(250));
        Files.delete(dir.resolve(ResultStore.CLAIM));
        assertThat(ResultStore.elapsed(dir)).as("a run from before claims existed").isEmpty();
    }
}
