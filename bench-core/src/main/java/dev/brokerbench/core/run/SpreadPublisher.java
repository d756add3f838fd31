package dev.brokerbench.core.run;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.List;

/**
 * One publisher of a workload with many queues ({@link dev.brokerbench.core.model.Destinations}) that serves several
 * of them: a session a queue, all used from the publisher's one thread, message {@code sequence} going to its
 * {@code sequence mod queues}-th queue, as {@link dev.brokerbench.core.model.Destinations#route} says.
 */
final class SpreadPublisher implements Publisher {
    private final Publisher[] sessions;

    private SpreadPublisher(Publisher[] sessions) {
        this.sessions = sessions;
    }

    /**
     * A session on each of {@code queues}, opened by {@code driver} for {@code mode}; one queue is its session
     * itself. A session that fails to open closes those opened before it.
     */
    static Publisher open(Driver driver, List<String> queues, PublishMode mode) throws Exception {
        if (queues.size() == 1) {
            return driver.publisher(queues.get(0), mode);
        }
        List<Publisher> opened = new ArrayList<>();
        try {
            for (String queue : queues) {
                opened.add(driver.publisher(queue, mode));
            }
        } catch (Exception e) {
            for (Publisher p : opened) {
                try {
                    p.close();
                } catch (Exception closing) {
                    e.addSuppressed(closing);
                }
            }
            throw e;
        }
        return new SpreadPublisher(opened.toArray(Publisher[]::new));
    }

    private Publisher of(Stamp stamp) {
        return sessions[(int) (stamp.sequence() % sessions.length)];
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        of(stamp).send(stamp, payload);
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
        of(stamp).sendAsync(stamp, payload, confirmation);
    }

    @Override
    public void sendUnconfirmed(Stamp stamp, byte[] payload) throws Exception {
        of(stamp).sendUnconfirmed(stamp, payload);
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (Publisher p : sessions) {
            try {
                p.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
