package dev.brokerbench.core.run.remote;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.RpcServer;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;

/**
 * Request/reply server sessions in a process of their own, so that one can be killed with SIGKILL like a crashed
 * service. It starts the named client path's server sessions on the queue; each request they receive is reported to
 * the suite on stdout (flushed) before it is answered. It stops when its stdin closes: the suite closed it, or died.
 *
 * <p>Usage: {@code RpcServerProcessMain PATH_ID BROKER_ID PROTOCOL HOST PORT QUEUE SESSIONS CLIENT_SPEC_JSON}
 */
public final class RpcServerProcessMain {
    private RpcServerProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        DataOutputStream wire = ChildWire.stdout();
        if (args.length != 8) {
            ChildWire.error(wire, "usage: RpcServerProcessMain PATH_ID BROKER_ID PROTOCOL HOST PORT QUEUE SESSIONS"
                    + " SPEC_JSON");
            wire.flush();
            System.exit(2);
        }
        CountDownLatch stop = new CountDownLatch(1);
        Lifeline.start(b -> {
            if (b == ServerWire.SYNC) {
                write(wire, () -> wire.writeByte(ServerWire.SYNCED));
            }
        }, stop::countDown);
        try {
            Endpoint endpoint = new Endpoint(new Protocol(args[2]), args[3], Integer.parseInt(args[4]));
            ClientSpec spec = Json.mapper().readValue(args[7], ClientSpec.class);
            try (Driver driver = Catalog.load().requirePath(args[0]).create(args[1], endpoint, spec);
                 RpcServer ignored = driver.require(Calls.class).rpcServer(args[5], Integer.parseInt(args[6]),
                         (correlationId, nanos) -> write(wire, () -> ServerWire.receipt(wire, correlationId, nanos)))) {
                write(wire, () -> wire.writeByte(ServerWire.READY));
                stop.await();
            }
            System.exit(0);
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            write(wire, () -> ChildWire.error(wire, t + System.lineSeparator() + trace));
            System.exit(1);
        }
    }

    /** What a record writer does. */
    @FunctionalInterface
    private interface Write {
        void to() throws IOException;
    }

    /** One record, whole and flushed, whichever session's thread writes it. */
    private static void write(DataOutputStream wire, Write record) {
        synchronized (wire) {
            try {
                record.to();
                wire.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
