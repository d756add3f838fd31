package dev.brokerbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The system commands the suite runs are held to their timeout, also when they print nothing. */
class CommandsTest {
    @Test
    void aCommandThatHangsSilentlyFailsAtItsTimeout() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> Commands.run(List.of("sleep", "20"), Duration.ofSeconds(1)))
                .isInstanceOf(IOException.class).hasMessageContaining("did not finish in 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aCommandsOutputAndExitCodeAreKept() throws Exception {
        assertThat(Commands.run(List.of("sh", "-c", "echo up"), Duration.ofSeconds(10))).isEqualTo("up\n");
        assertThatThrownBy(() -> Commands.run(List.of("sh", "-c", "echo no; exit 3"), Duration.ofSeconds(10)))
                .hasMessageContaining("failed (exit 3): no");
    }
}
