package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brokerbench.core.result.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A workload is stored flat, in the form every stored run holds, and reads back as the shape it was. */
class StoredWorkloadTest {
    private static final ObjectMapper JSON = Json.mapper();
    private static final List<Phase> DRAIN = List.of(new Phase("publish", Action.PUBLISH, PublishMode.SYNC, true),
            new Phase("drain", Action.CONSUME, null, false));

    private static Workload roundTrip(Workload w) throws Exception {
        return JSON.readValue(JSON.writeValueAsString(w), Workload.class);
    }

    @Test
    void eachShapeReadsBackAsItWasWritten() throws Exception {
        Workload fault = Workload.of("f1", new QueueCase(DRAIN, new Fault.KillBroker(0.5, true), null));
        Workload selector = Workload.of("s1", new QueueCase(List.of(new Phase("publish", Action.PUBLISH,
                PublishMode.ASYNC, false), new Phase("select", Action.CONSUME, null, true)), null, new Selection(10)));
        Workload topic = Workload.of("t1", new LiveCase(new Phase("live", Action.LIVE, PublishMode.ASYNC, true),
                new Topic(4, true), null));
        Workload calls = Workload.of("r1", new CallCase(new Phase("rpc", Action.RPC, null, true), new Rpc(2, 8)));
        Workload serverKill = Workload.of("f7", new CallCase(new Phase("rpc", Action.RPC, null, true),
                new Rpc(4, 1, new Rpc.Retry(2000, 3)), new Fault.KillServer(0.5)));
        for (Workload w : List.of(fault, selector, topic, calls, serverKill)) {
            assertThat(roundTrip(w)).as(w.name()).isEqualTo(w);
        }
        assertThat(roundTrip(topic).shape()).isInstanceOf(LiveCase.class);
    }

    @Test
    void aSizeMixAndSlowConsumersAreWrittenAsTheirTextAndOnlyWhenACaseHasThem() throws Exception {
        Workload plain = Workload.of("c1", DRAIN);
        Workload shaped = plain.withSizes(SizeMix.parse("2048:6,8192:3,65536:1"))
                .withProcessing(Processing.parse("1ms..3ms"));

        JsonNode node = JSON.valueToTree(shaped);
        assertThat(node.path("sizes").asText()).isEqualTo("2048:6,8192:3,65536:1");
        assertThat(node.path("processing").asText()).isEqualTo("1ms..3ms");
        assertThat(node.path("payloadBytes").asInt()).isEqualTo(10_240);
        assertThat(roundTrip(shaped)).isEqualTo(shaped);
        JsonNode before = JSON.valueToTree(plain);
        assertThat(before.has("sizes")).as("results of plain cases keep their form").isFalse();
        assertThat(before.has("processing")).isFalse();
        assertThat(roundTrip(plain).processing()).isEqualTo(Processing.NONE);
    }

    @Test
    void manyQueuesAreWrittenOnlyWhenACaseHasThem() throws Exception {
        Workload plain = Workload.of("c1", DRAIN);
        Workload spread = plain.withDestinations(new Destinations(100, 2));

        JsonNode node = JSON.valueToTree(spread);
        assertThat(node.path("destinations").path("queues").asInt()).isEqualTo(100);
        assertThat(node.path("destinations").path("consumersPerQueue").asInt()).isEqualTo(2);
        assertThat(roundTrip(spread)).isEqualTo(spread);
        assertThat(JSON.valueToTree(plain).has("destinations")).isFalse();
        assertThat(roundTrip(plain).destinations()).isNull();
    }

    @Test
    void aRandomShareIsWrittenOnlyBelowOne() throws Exception {
        Workload plain = Workload.of("c1", DRAIN);
        Workload compressible = plain.withRandomBytes(new RandomBytes(0.25));

        assertThat(JSON.valueToTree(compressible).path("randomBytesRatio").asDouble()).isEqualTo(0.25);
        assertThat(roundTrip(compressible)).isEqualTo(compressible);
        assertThat(JSON.valueToTree(plain).has("randomBytesRatio")).as("results of random bodies keep their form")
                .isFalse();
        assertThat(roundTrip(plain).randomBytes()).isEqualTo(RandomBytes.ALL);
    }

    @Test
    void theStoredFormIsFlatWithEachShapesPartsBesideTheSharedSettings() throws Exception {
        JsonNode node = JSON.valueToTree(Workload.of("f1", new QueueCase(DRAIN, Fault.killBroker(0.5), null)));
        assertThat(node.has("shape")).isFalse();
        assertThat(node.path("phases")).hasSize(2);
        assertThat(node.path("fault").path("killBrokerAt").asDouble()).isEqualTo(0.5);
        assertThat(node.path("rpc").isNull()).isTrue();
        assertThat(node.path("clients").asInt()).isEqualTo(4);
    }

    @Test
    void aRunStoredBeforeShapesReadsAsItsShape() throws Exception {
        // a request/reply cell as a stored run of 2026-11-24 holds it (no search, topic, selection or rollback keys)
        String stored = """
                {"name": "r1.4096", "title": "RPC · one call in flight · size sweep · payloadBytes 4096",
                 "queue": "bench.r1.20261124-041426.24", "clients": 4, "messages": 400, "warmupMessages": 20,
                 "payloadBytes": 4096, "persistent": false, "publishWindow": 1000, "prefetch": 1000,
                 "ackMode": "AUTO", "ackBatch": 1, "ratePerSecond": 0.0, "idleTimeoutSeconds": 10,
                 "phases": [{"name": "rpc", "action": "RPC", "mode": null, "reported": true}], "fault": null,
                 "rpc": {"servers": 4, "window": 1}, "sweep": null,
                 "point": {"series": "r1", "variable": "PAYLOAD_BYTES", "value": 4096}, "group": "rpc"}
                """;
        Workload w = JSON.readValue(stored, Workload.class);
        assertThat(w.shape()).isEqualTo(new CallCase(new Phase("rpc", Action.RPC, null, true), new Rpc(4, 1)));
        assertThat(w.point().value()).isEqualTo(4096);
        assertThat(w.group()).isEqualTo("rpc");
    }
}
