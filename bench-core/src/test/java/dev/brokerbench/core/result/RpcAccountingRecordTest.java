package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A one-way cell's accounting as stored and read back, and the status its duplicates give. */
class RpcAccountingRecordTest {
    @Test
    void aResultStoredBeforeDuplicatesAndForeignWereCountedReadsThemAsZero() throws Exception {
        String stored = "{\"sent\":4000,\"serverReceived\":3998,\"replies\":0,\"correct\":0,\"wrongBody\":0,"
                + "\"wrongCorrelation\":0,\"late\":0,\"timedOut\":0,\"lost\":2}";

        RpcAccounting a = Json.mapper().readValue(stored, RpcAccounting.class);

        assertThat(a).isEqualTo(new RpcAccounting(4000, 3998, 0, 0, 0, 0, 0, 0, 2, 0, 0));
    }

    @Test
    void duplicatesAndForeignArrivalsAreStored() throws Exception {
        RpcAccounting a = new RpcAccounting(4000, 4000, 0, 0, 0, 0, 0, 0, 0, 1, 3);

        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(a), RpcAccounting.class)).isEqualTo(a);
    }

    @Test
    void aOneWayMessageThatReachedTheServersTwiceMakesTheCellDup() {
        RpcAccounting twice = new RpcAccounting(4000, 4000, 0, 0, 0, 0, 0, 0, 0, 1, 0);

        assertThat(twice.exactOneWay()).isFalse();
        assertThat(cell(twice).status()).isEqualTo(Status.DUP);
        assertThat(cell(new RpcAccounting(4000, 3999, 0, 0, 0, 0, 0, 0, 1, 1, 1)).status()).as("loss outranks")
                .isEqualTo(Status.LOSS);
    }

    private static RunResult cell(RpcAccounting rpc) {
        return new RunResult(RunResult.SCHEMA, "r", Instant.EPOCH, 1, null, null, null, null, List.of(), null,
                List.of(), null, List.of(), null, rpc, List.of(), List.of(), null, null, null, null, null, null,
                null);
    }
}
