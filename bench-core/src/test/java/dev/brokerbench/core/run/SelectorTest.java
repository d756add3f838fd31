package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Selection;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Consumer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A consumer with a selector on the in-JVM fake broker: its share is measured, the rest drained and accounted. */
class SelectorTest {

    /** Fill 2000 messages, then consume those {@code matching} % select (100: no selector). */
    private static Workload selecting(long matching) {
        return Workload.of("m", List.of(new Phase("fill", Action.PUBLISH, PublishMode.ASYNC, false),
                        new Phase("select", Action.CONSUME, null, true))).withMessages(2000, 0)
                .withIdleTimeout(1).withQueue("q").withSweep(new Sweep(Sweep.Variable.MATCHING_PERCENT,
                        List.of(matching))).points().get(0);
    }

    @Test
    void theSelectedShareIsMeasuredAndTheRestAccounted() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        Workload tenPercent = selecting(10);
        assertThat(QueueCase.selectionOf(tenPercent)).isEqualTo(new Selection(10));
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(broker, false), tenPercent);

        PhaseResult select = pass.phases().get(1);
        assertThat(select.expected()).as("the selector's share of 2000").isEqualTo(200);
        assertThat(select.completed()).isEqualTo(200);
        Accounting a = pass.accounting();
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.received()).as("the rest drained after it").isEqualTo(2000);
        assertThat(broker.queue("q")).isEmpty();
        assertThat(QueueCase.selectionOf(selecting(100))).as("100 %: no selector").isNull();
    }

    @Test
    void aMessageTheSelectorDoesNotMatchIsNotCountedAsSelected() throws Exception {
        // a broker that ignores the selector: its selecting consumers are handed everything
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Consumer consumer(String queue, Selection selection) {
                return consumer(queue);
            }
        }, selecting(10));
        Accounting a = pass.accounting();
        assertThat(pass.phases().get(1).errors()).anySatisfy(e -> assertThat(e)
                .contains("the selector's consumers were handed 1800 messages it does not match"));

        assertThat(a.exact()).as(a.summary()).isFalse();
        assertThat(a.foreign()).as("every delivery outside the selector's share").isEqualTo(1800);
        assertThat(a.lost()).isZero();
    }

    @Test
    void selectedMessagesTheBrokerHeldBackFromTheSelectorAreAnErrorThoughTheRestDrainTookThem() throws Exception {
        // a broker that hands a selecting consumer nothing (as a page full of unmatched messages can starve one)
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Consumer consumer(String queue, Selection selection) {
                return new Consumer() {
                    @Override
                    public void start() {
                    }

                    @Override
                    public boolean receive(long timeoutMillis, dev.brokerbench.core.spi.Delivery sink)
                            throws InterruptedException {
                        Thread.sleep(timeoutMillis);
                        return false;
                    }

                    @Override
                    public void acknowledge() {
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        }, selecting(10));

        PhaseResult select = pass.phases().get(1);
        assertThat(select.completed()).isZero();
        assertThat(select.errors()).anySatisfy(e -> assertThat(e)
                .contains("200 of the 200 messages the selector matches did not reach its consumers"));
        assertThat(pass.accounting().received()).as("the plain consumers took them all").isEqualTo(2000);
        assertThat(pass.accounting().foreign()).as("the selector's share, outside the plain consumers'")
                .isEqualTo(200);
    }
}
