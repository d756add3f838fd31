package dev.brokerbench.core.loopback;

import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;

/**
 * A {@link LoopbackDriver} whose async confirmations arrive, in batches, on a thread of each publisher's own, as a
 * client library's I/O thread delivers them: the harness ceiling with the threading of a real async path.
 */
public final class CallbackThreadLoopbackDriver extends LoopbackDriver {

    public CallbackThreadLoopbackDriver(LoopbackBroker broker) {
        super(broker, false);
    }

    @Override
    public Publisher publisher(String queue) {
        Publisher inner = super.publisher(queue);
        BlockingQueue<Confirmation> pending = new LinkedTransferQueue<>();
        Thread callbacks = new Thread(() -> {
            List<Confirmation> batch = new ArrayList<>();
            try {
                while (true) {
                    batch.add(pending.take());
                    pending.drainTo(batch);
                    batch.forEach(Confirmation::confirmed);
                    batch.clear();
                }
            } catch (InterruptedException e) {
                // publisher closed
            }
        }, "loopback-callbacks");
        callbacks.setDaemon(true);
        callbacks.start();
        return new Publisher() {
            @Override
            public void send(Stamp stamp, byte[] payload) throws Exception {
                inner.send(stamp, payload);
            }

            @Override
            public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                inner.send(stamp, payload);
                pending.add(confirmation);
            }

            @Override
            public void close() {
                callbacks.interrupt();
            }
        };
    }
}
