package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.spi.ServerReceipt;

/**
 * Where server sessions report each message they receive. While a one-way phase is attached, each arrival is recorded
 * in the phase's ledger by the correlation id it carried (client and sequence number under the phase's tag; any
 * other, such as a straggler of an earlier pass, as foreign), and the first arrival of each of the phase's own
 * messages ticks the phase's clock (a lane of its own, shared by the server sessions): one-way rates are measured
 * where the messages arrive, counting each once.
 */
final class ServerTally implements ServerReceipt {
    /** The phase listening: its ledger of arrivals and its servers' lane. */
    private record Attached(ReceiveLedger arrivals, ProgressClock.Lane lane) {
    }

    private volatile Attached attached;

    @Override
    public void received(long correlationId, long nanos) {
        Attached a = attached;
        if (a != null && a.arrivals().record(RpcPhase.stream(correlationId), RpcPhase.sequence(correlationId), false)
                == ReceiveLedger.Receipt.FIRST) {
            a.lane().tick(nanos);
        }
    }

    void attach(ReceiveLedger arrivals, ProgressClock.Lane lane) {
        attached = new Attached(arrivals, lane);
    }

    void detach() {
        attached = null;
    }
}
