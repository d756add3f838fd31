package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A send the broker refused (a failed confirmation, a sync send that threw) is an error the client knew of, not a
 * loss: the cell is ERROR and says how many sends were refused. LOSS stays for a message that vanished without a
 * word: confirmed, or sent without error, and never received.
 */
class RefusedSendTest {
    private static final Msg REFUSED = new Msg(1, 7);
    private static final Msg DROPPED = new Msg(2, 9);

    /** A cell of the workload as the matrix would record it, from one measured pass. */
    private static RunResult cell(Workload workload, LoopbackDriver driver) throws Exception {
        ScenarioRunner.Pass pass = new ScenarioRunner(ProgressListener.NONE, FAST)
                .run(workload, CellContext.of(driver, "test")).measured();
        return new RunResult(RunResult.SCHEMA, "test", Instant.now(), 1, workload, null, null, null, List.of(), null,
                pass.phases(), pass.accounting(), List.of(), null, null, List.of(), List.of(), null, null, null, null, null, null,
                null);
    }

    private static List<String> errors(RunResult r) {
        return r.phases().stream().flatMap(p -> p.errors().stream()).toList();
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void aSendTheBrokerRefusedIsAnErrorNotALoss(PublishMode mode) throws Exception {
        RunResult r = cell(AccountingTest.workload(mode, 4000), new RefusingDriver(Set.of(REFUSED), Set.of()));

        Accounting a = r.accounting();
        assertThat(a.failed()).isEqualTo(1);
        assertThat(a.lost()).as("sent and never received").isEqualTo(1);
        assertThat(a.lostConfirmed()).isZero();
        assertThat(r.status()).as(a.summary()).isEqualTo(Status.ERROR);
        assertThat(errors(r)).anyMatch(e -> e.startsWith("publish: 1 of ") && e.contains(" sends refused"));
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC", "UNCONFIRMED"})
    void aMessageDroppedWithoutAWordIsALossBesideARefusedSend(PublishMode mode) throws Exception {
        // a sync send that throws ends its client's publishing: the refused message is client 1's last
        Set<Msg> refused = mode == PublishMode.UNCONFIRMED ? Set.of() : Set.of(REFUSED);
        RunResult r = cell(AccountingTest.workload(mode, 4000), new RefusingDriver(refused, Set.of(DROPPED)));

        Accounting a = r.accounting();
        assertThat(a.lost()).isEqualTo(1 + refused.size());
        assertThat(r.status()).as(a.summary()).isEqualTo(Status.LOSS);
    }

    /** A stored account from before refused sends were told apart reads as it did: every lost message a loss. */
    @Test
    void anAccountStoredWithoutTheRefusedCountReadsAsBefore() throws Exception {
        String stored = "{\"sent\":10,\"confirmed\":9,\"failed\":1,\"received\":9,\"duplicates\":0,\"reordered\":0,"
                + "\"redelivered\":0,\"lost\":1,\"lostConfirmed\":0,\"unconfirmedPresent\":0,\"foreign\":0,"
                + "\"perProducer\":[],\"perConsumer\":[]}";

        Accounting a = Json.mapper().readValue(stored, Accounting.class);
        Workload workload = AccountingTest.workload(PublishMode.ASYNC, 10);
        RunResult r = new RunResult(RunResult.SCHEMA, "old", Instant.now(), 1, workload, null, null, null, List.of(),
                null, List.of(), a, List.of(), null, null, List.of(), List.of(), null, null, null, null, null, null, null);

        assertThat(a.lost()).isEqualTo(1);
        assertThat(r.status()).isEqualTo(Status.LOSS);
    }

    /**
     * The in-JVM broker refusing chosen sends (a sync send throws, an async one's confirmation fails; either way the
     * message never reaches the queue) and dropping others without a word (confirmed, or taken, and never queued).
     */
    private static final class RefusingDriver extends LoopbackDriver {
        private final Set<Msg> refused;
        private final Set<Msg> dropped;

        RefusingDriver(Set<Msg> refused, Set<Msg> dropped) {
            super(new LoopbackBroker(), false);
            this.refused = refused;
            this.dropped = dropped;
        }

        private static Msg of(Stamp stamp) {
            return new Msg((int) (stamp.stream() & 0xFFFF), stamp.sequence());
        }

        @Override
        public Publisher publisher(String queue) {
            Publisher real = super.publisher(queue);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) throws Exception {
                    if (refused.contains(of(stamp))) {
                        throw new IllegalStateException("refused by the broker (test)");
                    }
                    if (!dropped.contains(of(stamp))) {
                        real.send(stamp, payload);
                    }
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    if (refused.contains(of(stamp))) {
                        confirmation.failed(new IllegalStateException("nacked by the broker (test)"));
                    } else if (dropped.contains(of(stamp))) {
                        confirmation.confirmed();
                    } else {
                        real.sendAsync(stamp, payload, confirmation);
                    }
                }

                @Override
                public void sendUnconfirmed(Stamp stamp, byte[] payload) throws Exception {
                    if (!dropped.contains(of(stamp))) {
                        real.sendUnconfirmed(stamp, payload);
                    }
                }

                @Override
                public void close() throws Exception {
                    real.close();
                }
            };
        }
    }
}
