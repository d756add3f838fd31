package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Stamp;
import jakarta.jms.BytesMessage;
import jakarta.jms.Message;

/** Reads a received message fully (body included, as a real consumer would) and hands its stamp on. */
final class MessageReader {
    private byte[] buffer = new byte[0];

    void deliver(Message m, Delivery sink) throws Exception {
        int bytes = 0;
        if (m instanceof BytesMessage b) {
            bytes = (int) b.getBodyLength();
            if (buffer.length < bytes) {
                buffer = new byte[bytes];
            }
            b.readBytes(buffer, bytes);
        }
        if (m.propertyExists(Stamp.STREAM)) {
            sink.accept(m.getLongProperty(Stamp.STREAM), m.getLongProperty(Stamp.SEQUENCE),
                    m.getLongProperty(Stamp.SEND_NANOS), bytes, m.getJMSRedelivered());
        } else {
            sink.accept(Stamp.NONE, -1, 0, bytes, m.getJMSRedelivered());
        }
    }
}
