package dev.brokerbench.stomp;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import dev.brokerbench.core.spi.Support;
import java.util.Map;

/**
 * STOMP 1.2 on Vert.x STOMP, against any STOMP broker. Sync publish is a SEND with a receipt awaited; async keeps at
 * most the publish window of receipts outstanding; consumers subscribe with {@code ack:client-individual} and the
 * broker's own prefetch header ({@link StompDialect}), in messages or, where the broker counts bytes, 1000 times the
 * size the broker counts for one of the suite's messages ({@link ByteWindowProbe}). Request/reply names a reply
 * destination private to the requester in {@code reply-to} ({@link StompRequester}), answered by server sessions
 * ({@link StompRpcServer}).
 */
public final class VertxStomp implements DriverFactory {
    @Override
    public String id() {
        return "vertx-stomp";
    }

    @Override
    public String description() {
        return "STOMP 1.2 (io.vertx:vertx-stomp): SEND with receipts, client-individual acks, the broker's prefetch"
                + " header";
    }

    @Override
    public Protocol protocol() {
        return Protocol.STOMP;
    }

    @Override
    public java.util.Set<String> brokerQuirks() {
        return StompDialect.BY_BROKER.keySet();
    }

    @Override
    public Class<? extends Driver> driverType() {
        return StompDriver.class;
    }

    @Override
    public Map<Capability, Support> gaps() {
        Map<Capability, Support> c = new java.util.EnumMap<>(Capability.class);
        c.put(Capability.RECONNECT, Support.no("the Vert.x STOMP client does not reconnect by itself"));
        c.put(Capability.UNCONFIRMED_PUBLISH, Support.no("a SEND without receipt returns before Vert.x wrote it,"
                + " with no back-pressure: a fast sender would queue its messages in the client's memory; not"
                + " mapped yet"));
        Support noTopics = Support.no("STOMP topic subscriptions (/topic/ destinations; durable ones through each"
                + " broker's own SUBSCRIBE headers) are not mapped yet");
        c.put(Capability.TOPICS, noTopics);
        c.put(Capability.DURABLE_SUBSCRIPTIONS, noTopics);
        c.put(Capability.SELECTORS, Support.no("the selector header of SUBSCRIBE (ActiveMQ, Artemis, Apollo) is not"
                + " mapped yet; STOMP 1.2 itself defines none"));
        c.put(Capability.TRANSACTIONS, Support.no("STOMP transactions (BEGIN, SEND and ACK naming it, COMMIT, ABORT)"
                + " are not mapped yet: an ABORT forgets the transaction's ACKs but leaves its messages unacknowledged"
                + " on the subscription, so a consumer's rollback needs a NACK of each"));
        return c;
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        StompDialect dialect = StompDialect.of(brokerId);
        StompConnector connector = new StompConnector(endpoint, dialect);
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, dev.brokerbench.core.broker.CredentialMask.mask(endpoint.url()));
        endpoint.tls().ifPresent(tls -> settings.set(ClientSetting.TLS, tls.describe() + " (Vert.x SSL with the"
                + " stores' managers, host name verification HTTPS)"));
        settings.set(ClientSetting.CREDENTIALS, endpoint.credentials().describe() + " (CONNECT login and passcode)");
        settings.own("version", "STOMP 1.2, no heart-beats");
        settings.set(ClientSetting.ADDRESSING, dialect.note());
        settings.set(ClientSetting.SYNC_PUBLISH, "SEND persistent:" + spec.persistent() + " with a receipt header;"
                + " returns on the RECEIPT");
        settings.set(ClientSetting.ASYNC_PUBLISH, "receipts, at most " + spec.publishWindow() + " outstanding per"
                + " client");
        settings.set(ClientSetting.PREFETCH, dialect.prefetch().map(p -> p.unit() == StompDialect.Unit.MESSAGES
                ? p.header() + " " + spec.prefetch() + " (messages)"
                : p.header() + " " + spec.prefetch() + " x the bytes the broker counts for one suite message on the"
                        + " consumer's queue, measured per queue through a scratch queue of the same name length")
                .orElse("the server's default (no prefetch header known for this server)"));
        settings.set(ClientSetting.ACK_MODE, switch (spec.ackMode()) {
            case AUTO, DUPS_OK -> "ack:client-individual, an ACK per message after it is handed over";
            case CLIENT -> "ack:client-individual, an ACK per message every " + spec.ackBatch()
                    + ", the receipt of the last awaited";
            case TRANSACTED -> "ack:client-individual, the ACKs of every " + spec.ackBatch()
                    + " inside BEGIN/COMMIT, the COMMIT's receipt awaited";
        });
        settings.set(ClientSetting.STAMP, "3 headers (decimal)");
        settings.set(ClientSetting.REQUEST_REPLY, dialect.replyTo().map(r -> "SEND with reply-to and correlation-id,"
                + " no receipt (the call window bounds them); reply destination: " + r.note() + "; server sessions"
                + " reply non-persistent without receipt, then ACK").orElse("none: no temporary reply destination"
                + " known for this server"));
        settings.set(ClientSetting.ONE_WAY, "SEND with a receipt, at most " + spec.publishWindow() + " outstanding"
                + " per client (the only back-pressure Vert.x STOMP offers)");
        ClientInfo info = new ClientInfo(id(), "io.vertx:vertx-stomp", LibraryVersion.of("io.vertx", "vertx-stomp"),
                settings);
        return new StompDriver(info, connector, dialect, spec, endpoint);
    }
}
