package dev.brokerbench.core.run;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.spi.Stamp;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A fake broker that confirms every message but loses, duplicates or swaps chosen ones, named by (client index,
 * sequence), so a test can check the accounting reports exactly those.
 */
final class FaultyLoopbackDriver extends LoopbackDriver {
    /** A message of one client, by its sequence number. */
    record Msg(int client, long sequence) {
    }

    private final Set<Msg> drop;
    private final Set<Msg> duplicate;
    /** Each message here is held back and delivered right after the next message of its client. */
    private final Set<Msg> delayByOne;
    private final Map<Integer, Envelope> held = new ConcurrentHashMap<>();

    FaultyLoopbackDriver(LoopbackBroker broker, Set<Msg> drop, Set<Msg> duplicate, Set<Msg> delayByOne) {
        super(broker, false);
        this.drop = drop;
        this.duplicate = duplicate;
        this.delayByOne = delayByOne;
    }

    @Override
    protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
        Msg msg = new Msg((int) (stamp.stream() & 0xFFFF), stamp.sequence());
        Envelope envelope = new Envelope(stamp, payload, false);
        if (drop.contains(msg)) {
            return;
        }
        if (delayByOne.contains(msg)) {
            held.put(msg.client(), envelope);
            return;
        }
        queue.add(envelope);
        if (duplicate.contains(msg)) {
            queue.add(new Envelope(stamp, payload, true));
        }
        Envelope late = held.remove(msg.client());
        if (late != null) {
            queue.add(late);
        }
    }
}
