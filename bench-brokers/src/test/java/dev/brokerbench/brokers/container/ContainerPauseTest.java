package dev.brokerbench.brokers.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.process.ProcessTrees;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A container engine that refuses to freeze (CI saw "OCI runtime pause failed: unable to freeze: unknown") no longer
 * leaves a pause fault unbegun: the freeze is tried again, then every process of the container is stopped from the
 * host, the children as well as the first process, and each is seen stopped before the fault's time begins.
 */
class ContainerPauseTest {
    /** An engine that refuses the first {@code refusals} freezes, and records its calls. */
    private static final class Engine implements ContainerPause.Engine {
        final List<String> calls = new ArrayList<>();
        private int refusals;

        Engine(int refusals) {
            this.refusals = refusals;
        }

        @Override
        public void freeze() {
            calls.add("freeze");
            if (refusals-- > 0) {
                throw new IllegalStateException("OCI runtime pause failed: unable to freeze: unknown");
            }
        }

        @Override
        public void thaw() {
            calls.add("thaw");
        }
    }

    @Test
    void aFreezeRefusedOnceIsTriedAgainAndThawed() {
        Engine engine = new Engine(1);
        ContainerPause pause = new ContainerPause(engine, () -> -1);

        pause.pause();
        pause.resume();

        assertThat(engine.calls).containsExactly("freeze", "freeze", "thaw");
        assertThat(pause.how()).startsWith("frozen at the 2. attempt").contains("unable to freeze");
    }

    /** A start script and the process it started stand in for the container's main process and its broker. */
    @Test
    void aFreezeRefusedEveryTimeStopsEveryProcessFromTheHost() throws Exception {
        Process script = new ProcessBuilder("sh", "-c", "sleep 60 & wait").start();
        try {
            while (script.toHandle().children().findAny().isEmpty()) {
                Thread.sleep(10);
            }
            ProcessHandle child = script.toHandle().children().findFirst().orElseThrow();
            Engine engine = new Engine(Integer.MAX_VALUE);
            ContainerPause pause = new ContainerPause(engine, script::pid);

            pause.pause();
            assertThat(ProcessTrees.state(script.pid())).as("the first process").contains('T');
            assertThat(ProcessTrees.state(child.pid())).as("the process it started").contains('T');
            assertThat(pause.how()).startsWith("SIGSTOP to its 2 processes from the host").contains("refused to"
                    + " freeze the container " + ContainerPause.FREEZE_ATTEMPTS + " times");

            pause.resume();
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (ProcessTrees.state(child.pid()).orElse('?') == 'T' && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(ProcessTrees.state(child.pid())).as("going on").isNotEqualTo(java.util.Optional.of('T'));
            assertThat(engine.calls).as("never thawed: it was not frozen").doesNotContain("thaw")
                    .hasSize(ContainerPause.FREEZE_ATTEMPTS);
        } finally {
            ProcessTrees.kill(script.toHandle());
        }
    }

    @Test
    void aContainerOnAnotherHostThatCannotBeFrozenIsNotPaused() {
        ContainerPause pause = new ContainerPause(new Engine(Integer.MAX_VALUE), () -> -1);

        assertThatThrownBy(pause::pause).hasMessageContaining("refused to freeze").hasMessageContaining(
                "not on this host");
    }
}
