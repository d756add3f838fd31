package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A consumer in its own process, so that it can be killed with SIGKILL like a crashed application. It opens one
 * consumer through the named client path and reports every message's stamp to the suite on stdout as soon as it
 * arrives, before it is acknowledged (so whatever the broker counts as consumed, the suite has seen). Its consumer is
 * opened stopped and subscribes when the suite writes {@link ConsumerWire#START} on its stdin (at the phase's common
 * start). It stops, acknowledging what it reported, when its stdin closes: the suite closed it, or the suite died.
 *
 * <p>Usage: {@code ConsumerProcessMain PATH_ID BROKER_ID PROTOCOL HOST PORT QUEUE CLIENT_SPEC_JSON}
 */
public final class ConsumerProcessMain {
    private static final long POLL_MILLIS = 100;

    private ConsumerProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        DataOutputStream wire = ChildWire.stdout();
        if (args.length != 7) {
            ChildWire.error(wire, "usage: ConsumerProcessMain PATH_ID BROKER_ID PROTOCOL HOST PORT QUEUE SPEC_JSON");
            wire.flush();
            System.exit(2);
        }
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        Lifeline.start(b -> {
            if (b == ConsumerWire.START) {
                go.countDown();
            }
        }, () -> {
            stop.set(true);
            go.countDown();
        });
        try {
            run(args, wire, stop, go);
            wire.flush();
            System.exit(0);
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            ChildWire.error(wire, t + System.lineSeparator() + trace);
            wire.flush();
            System.exit(1);
        }
    }

    private static void run(String[] args, DataOutputStream wire, AtomicBoolean stop, CountDownLatch go)
            throws Exception {
        String pathId = args[0];
        Endpoint endpoint = new Endpoint(new dev.brokerbench.core.broker.Protocol(args[2]), args[3], Integer.parseInt(args[4]));
        ClientSpec spec = Json.mapper().readValue(args[6], ClientSpec.class);
        DriverFactory path = dev.brokerbench.core.spi.Catalog.load().requirePath(pathId);
        boolean explicitAck = spec.ackMode() == AckMode.CLIENT || spec.ackMode() == AckMode.TRANSACTED;
        try (Driver driver = path.create(args[1], endpoint, spec); Consumer consumer = driver.consumer(args[5])) {
            ConsumerWire.ready(wire);
            wire.flush();
            go.await();
            if (stop.get()) {
                return;
            }
            consumer.start();
            int unacked = 0;
            while (!stop.get()) {
                boolean got = consumer.receive(POLL_MILLIS, (stream, sequence, sendNanos, bytes, redelivered) -> {
                    try {
                        ConsumerWire.delivery(wire, stream, sequence, sendNanos, bytes, redelivered);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                // reported at once, so that a kill can land between the report and the acknowledgement
                wire.flush();
                if (got && explicitAck && ++unacked >= spec.ackBatch()) {
                    consumer.acknowledge();
                    unacked = 0;
                } else if (!got && unacked > 0) {
                    consumer.acknowledge();
                    unacked = 0;
                }
            }
            wire.flush();
            if (unacked > 0) {
                consumer.acknowledge();
            }
        }
    }
}
