package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A drain whose consumers consumed and still missed messages, from a broker that stopped answering (Apollo in a
 * heap it could no longer free: the drain read 25,534 of 50,000 confirmed messages lost): the broker is restarted and
 * what it kept is taken by sequence before anything is called lost; from a broker that answers, the loss stands.
 */
class SilentBrokerDrainTest {
    private static final long MESSAGES = 4000;

    /** Keeps client 0's messages from sequence 500 on (or drops them) until it is restarted. */
    private static final class SilentDriver extends LoopbackDriver {
        private final List<Runnable> kept = new ArrayList<>();
        private final boolean drops;
        /** How many of what it kept a restart delivers before it stalls again. */
        private final int givesBack;

        SilentDriver(boolean drops) {
            this(drops, Integer.MAX_VALUE);
        }

        SilentDriver(boolean drops, int givesBack) {
            super(new LoopbackBroker(), false);
            this.drops = drops;
            this.givesBack = givesBack;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            if ((stamp.stream() & 0xFFFF) != 0 || stamp.sequence() < 500) {
                super.deliver(queue, stamp, payload);
            } else if (!drops) {
                synchronized (kept) {
                    kept.add(() -> super.deliver(queue, stamp, payload));
                }
            }
        }

        void restart() {
            synchronized (kept) {
                kept.stream().limit(givesBack).forEach(Runnable::run);
                kept.clear();
            }
        }
    }

    /** The broker's control: silent (or answering) until restarted; a restart that brings it back or not. */
    private static final class Control implements BrokerControl {
        private final SilentDriver driver;
        private final boolean silent;
        private final boolean comesBack;
        /** Whether it stops answering again after its restart. */
        private boolean silentAgain;
        /** What its GC log says after its restart, when it ran out of heap again. */
        private String outOfHeapAgain;
        private final AtomicInteger asked = new AtomicInteger();
        private final AtomicInteger restarts = new AtomicInteger();

        Control(SilentDriver driver, boolean silent, boolean comesBack) {
            this.driver = driver;
            this.silent = silent;
            this.comesBack = comesBack;
        }

        @Override
        public Optional<String> stoppedAnswering() {
            asked.incrementAndGet();
            return silent && (restarts.get() == 0 || silentAgain)
                    ? Optional.of("stopped answering: the test's broker, alive") : Optional.empty();
        }

        @Override
        public Optional<String> outOfHeapSinceRestart() {
            return restarts.get() == 0 ? Optional.empty() : Optional.ofNullable(outOfHeapAgain);
        }

        @Override
        public Optional<String> restartStopped() {
            restarts.incrementAndGet();
            if (!comesBack) {
                return Optional.of("started again on its data, it did not come back");
            }
            driver.restart();
            return Optional.empty();
        }

        @Override
        public void kill() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long restart() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String recoveryStatement() {
            return null;
        }

        @Override
        public Cluster cluster() {
            throw new UnsupportedOperationException();
        }
    }

    private static ScenarioRunner.Pass cell(Control control) throws Exception {
        Workload workload = AccountingTest.workload(PublishMode.ASYNC, MESSAGES);
        CellContext cell = CellContext.of(control.driver, "test").withFaults(control, null);
        return new ScenarioRunner(ProgressListener.NONE, LoopbackRun.FAST).run(workload, cell).measured();
    }

    private static List<String> errors(ScenarioRunner.Pass pass) {
        return pass.phases().stream().flatMap(p -> p.errors().stream()).toList();
    }

    @Test
    void whatASilentBrokerKeptIsTakenAfterItsRestartNotCalledLost() throws Exception {
        Control control = new Control(new SilentDriver(false), true, true);

        ScenarioRunner.Pass pass = cell(control);

        Accounting a = pass.accounting();
        assertThat(a.received()).as(a.summary()).isEqualTo(MESSAGES);
        assertThat(a.lost()).isZero();
        assertThat(a.held()).isNull();
        assertThat(control.restarts).hasValue(1);
        assertThat(errors(pass)).contains("drain: the broker stopped answering: the test's broker, alive; killed and"
                + " started again on its data, plain consumers received 500 of the 500 messages missing");
    }

    @Test
    void whatASilentBrokerThatDidNotComeBackKeptIsHeld() throws Exception {
        Control control = new Control(new SilentDriver(false), true, false);

        ScenarioRunner.Pass pass = cell(control);

        Accounting a = pass.accounting();
        assertThat(a.lost()).as(a.summary()).isZero();
        assertThat(a.held().messages()).isEqualTo(500);
        assertThat(a.held().where()).isEqualTo("client 0: 500-999");
        assertThat(a.exact()).isFalse();
        assertThat(errors(pass)).contains("drain: the broker stopped answering: the test's broker, alive; started"
                + " again on its data, it did not come back: the 500 messages missing are held by it, not counted as"
                + " lost");
    }

    @Test
    void aRestartedBrokerThatStopsAnsweringAgainHoldsWhatItDidNotGiveBack() throws Exception {
        Control control = new Control(new SilentDriver(false, 200), true, true);
        control.silentAgain = true;

        ScenarioRunner.Pass pass = cell(control);

        Accounting a = pass.accounting();
        assertThat(a.received()).as(a.summary()).isEqualTo(MESSAGES - 300);
        assertThat(a.lost()).isZero();
        assertThat(a.held().messages()).isEqualTo(300);
        assertThat(a.held().where()).isEqualTo("client 0: 700-999");
        assertThat(control.restarts).as("restarted once, not again and again").hasValue(1);
        assertThat(errors(pass)).contains("drain: the broker stopped answering: the test's broker, alive; killed and"
                + " started again on its data, plain consumers received 200 of the 500 messages missing; after the"
                + " restart it stopped answering: the test's broker, alive: the 300 still missing are held by it, not"
                + " counted as lost");
    }

    @Test
    void aRestartedBrokerOutOfHeapAgainHoldsWhatItDidNotGiveBackThoughItAnswers() throws Exception {
        Control control = new Control(new SilentDriver(false, 200), true, true);
        control.outOfHeapAgain = "ran out of heap: its GC log shows 8 full collections, the fullest left 246 of 256"
                + " MB in use";

        ScenarioRunner.Pass pass = cell(control);

        Accounting a = pass.accounting();
        assertThat(a.lost()).as(a.summary()).isZero();
        assertThat(a.held().messages()).isEqualTo(300);
        assertThat(control.asked).as("its GC log is read before the handshake is asked for again").hasValue(1);
        assertThat(errors(pass)).contains("drain: the broker stopped answering: the test's broker, alive; killed and"
                + " started again on its data, plain consumers received 200 of the 500 messages missing; after the"
                + " restart it ran out of heap: its GC log shows 8 full collections, the fullest left 246 of 256 MB"
                + " in use: the 300 still missing are held by it, not counted as lost");
    }

    @Test
    void whatARestartedBrokerDoesNotHaveIsLost() throws Exception {
        Control control = new Control(new SilentDriver(true), true, true);

        Accounting a = cell(control).accounting();

        assertThat(a.lost()).as(a.summary()).isEqualTo(500);
        assertThat(a.lostConfirmed()).isEqualTo(500);
        assertThat(a.held()).isNull();
        assertThat(control.restarts).hasValue(1);
    }

    @Test
    void aBrokerThatAnswersIsNotRestartedAndItsLossStands() throws Exception {
        Control control = new Control(new SilentDriver(true), false, true);

        Accounting a = cell(control).accounting();

        assertThat(a.lost()).as(a.summary()).isEqualTo(500);
        assertThat(a.held()).isNull();
        assertThat(control.asked).hasValue(1);
        assertThat(control.restarts).hasValue(0);
    }
}
