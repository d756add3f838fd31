package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadLoaderTest {
    private static final String VALID = """
            name: c1
            title: "publish, persistent, 0 KB, sync"
            messages: 1000000
            phases:
              - {name: publish, action: publish, mode: sync, reported: true}
              - {name: drain, action: consume}
            """;

    private static Workload load(String yaml) {
        return new WorkloadLoader().load("w.yaml", "tests", new ByteArrayInputStream(
                yaml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void appliesThePublishedParityDefaults() {
        Workload w = load(VALID);
        assertThat(w.clients()).isEqualTo(4);
        assertThat(w.publishWindow()).isEqualTo(1000);
        assertThat(w.prefetch()).isEqualTo(1000);
        assertThat(w.persistent()).isTrue();
        assertThat(w.ackMode()).isEqualTo(AckMode.AUTO);
        assertThat(w.queue()).isEqualTo("bench.c1");
        assertThat(w.reportedPhase().mode()).isEqualTo(PublishMode.SYNC);
    }

    @Test
    void scalesMessageCounts() {
        assertThat(load(VALID).scaled(0.01).messages()).isEqualTo(10_000);
        assertThat(load(VALID).scaled(0.0000001).messages()).isEqualTo(4);
        assertThatThrownBy(() -> load(VALID).scaled(0)).hasMessageContaining("'scale'");
    }

    @Test
    void rejectsUnknownKeysNamingThem() {
        assertThatThrownBy(() -> load(VALID + "colour: blue\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("w.yaml").hasMessageContaining("unknown key 'colour'")
                .hasMessageContaining("prefetch");
    }

    @Test
    void theGroupIsTheFolderNotAKey() {
        assertThat(load(VALID).group()).isEqualTo("tests");
        assertThatThrownBy(() -> load(VALID + "group: faults\n")).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("w.yaml: key 'group'").hasMessageContaining("the folder its file sits in");
    }

    @Test
    void rejectsWrongTypesNamingTheField() {
        assertThatThrownBy(() -> load(VALID + "clients: many\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'clients'");
    }

    @Test
    void rejectsOutOfRangeValuesNamingTheFieldAndRange() {
        assertThatThrownBy(() -> load(VALID + "clients: 0\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'clients' must be 1..1024, got 0");
        assertThatThrownBy(() -> load(VALID + "prefetch: -1\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'prefetch'");
    }

    @Test
    void rejectsUnknownEnumValuesListingTheAllowedOnes() {
        assertThatThrownBy(() -> load(VALID.replace("mode: sync", "mode: eventually")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("phases[0].mode").hasMessageContaining("sync, async");
    }

    @Test
    void requiresPublishThenConsume() {
        assertThatThrownBy(() -> load(VALID.replace("action: consume", "action: publish, mode: async")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'phases'");
    }

    @Test
    void faultsNameTheirFieldAndRule() {
        assertThat(QueueCase.faultOf(load(VALID + "fault: {killBrokerAt: 0.5}\n"))).isEqualTo(new Fault.KillBroker(0.5, false));
        assertThatThrownBy(() -> load(VALID + "fault: {}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault' set exactly one of killBrokerAt, killLeaderAt, killConsumerAt");
        assertThatThrownBy(() -> load(VALID + "fault: {killBrokerAt: 0.5, killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("set exactly one");
        assertThatThrownBy(() -> load(VALID + "fault: {killBrokerAt: 1.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault.killBrokerAt' must be between 0 and 1 (exclusive), got 1.5");
        assertThatThrownBy(() -> load(VALID + "fault: {killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault.killConsumerAt' needs the reported phase to be the consume");
    }

    @Test
    void reconnectingNeedsABrokerKillDuringASyncPublish() {
        Workload w = load(VALID + "fault: {killBrokerAt: 0.5, reconnect: true}\n");
        assertThat(QueueCase.faultOf(w)).isEqualTo(new Fault.KillBroker(0.5, true));
        assertThat(w.clientSpec().reconnect()).as("the clients are configured to reconnect").isTrue();
        assertThat(load(VALID).clientSpec().reconnect()).isFalse();
        assertThatThrownBy(() -> load(VALID.replace("mode: sync", "mode: async")
                + "fault: {killBrokerAt: 0.5, reconnect: true}\n"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'fault.reconnect' needs a sync publish");
    }

    @Test
    void killingAConsumerNeedsAnotherOneToDrainTheRest() {
        String consume = VALID.replace("mode: sync, reported: true", "mode: async")
                .replace("action: consume}", "action: consume, reported: true}");
        assertThat(QueueCase.faultOf(load(consume + "fault: {killConsumerAt: 0.5}\n"))).isEqualTo(new Fault.KillConsumer(0.5));
        assertThatThrownBy(() -> load(consume + "clients: 1\nfault: {killConsumerAt: 0.5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'clients' must be >= 2 for a fault on a consumer");
    }

    @Test
    void pausingAConsumerNeedsADrainThatWaitsLongerThanThePause() {
        String consume = VALID.replace("mode: sync, reported: true", "mode: async")
                .replace("action: consume}", "action: consume, reported: true}");
        assertThat(QueueCase.faultOf(load(consume + "idleTimeoutSeconds: 30\nfault: {pauseConsumerAt: 0.5,"
                + " pauseSeconds: 20}\n"))).isEqualTo(new Fault.Pause(Fault.Target.CONSUMER, 0.5,
                java.time.Duration.ofSeconds(20)));
        assertThatThrownBy(() -> load(consume + "idleTimeoutSeconds: 20\nfault: {pauseConsumerAt: 0.5,"
                + " pauseSeconds: 20}\n")).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'idleTimeoutSeconds' must be longer than pauseSeconds");
        assertThatThrownBy(() -> load(VALID + "fault: {pauseConsumerAt: 0.5, pauseSeconds: 5}\n"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("'fault.pauseConsumerAt' needs the reported phase to be the consume");
    }

    private static final String RPC = """
            name: r1
            title: "rpc"
            messages: 40000
            persistent: false
            sweep: {variable: payloadBytes, values: "1,32..4096/32"}
            phases:
              - {name: rpc, action: rpc, reported: true}
            """;

    @Test
    void expandsASweepIntoOneCellPerValue() {
        Workload w = load(RPC);
        assertThat(w.calls()).isTrue();
        assertThat(CallCase.of(w).rpc()).isEqualTo(new Rpc(4, 1));
        assertThat(w.sweep().values()).hasSize(129).startsWith(1L, 32L, 64L).endsWith(4064L, 4096L);
        var cells = w.points();
        assertThat(cells).hasSize(129);
        assertThat(cells.get(1).name()).isEqualTo("r1.32");
        assertThat(cells.get(1).payloadBytes()).isEqualTo(32);
        assertThat(cells.get(1).point()).isEqualTo(new Sweep.Point("r1", Sweep.Variable.PAYLOAD_BYTES, 32));
        assertThat(cells.get(1).sweep()).isNull();
        assertThat(cells.get(1).scaled(0.01).messages()).isEqualTo(400);
    }

    @Test
    void rejectsBadSweepsAndRpcShapesNamingTheField() {
        assertThatThrownBy(() -> load(RPC.replace("payloadBytes,", "size,")))
                .hasMessageContaining("'sweep.variable' must be one of payloadBytes, clients, messages");
        assertThatThrownBy(() -> load(RPC.replace("1,32..4096/32", "4096..32/32")))
                .hasMessageContaining("'sweep.values' range must be from..to/step");
        assertThatThrownBy(() -> load(RPC.replace("1,32..4096/32", "1,x")))
                .hasMessageContaining("'sweep.values' must be numbers and ranges");
        assertThatThrownBy(() -> load(RPC.replace("variable: payloadBytes", "variable: clients")
                .replace("1,32..4096/32", "1,2000"))).hasMessageContaining("'clients' must be 1..1024, got 2000");
        assertThatThrownBy(() -> load(RPC + "rpcWindow: 0\n")).hasMessageContaining("'rpcWindow' must be 1..10000");
        assertThatThrownBy(() -> load(RPC + "fault: {killBrokerAt: 0.5}\n"))
                .hasMessageContaining("'fault.reconnect' must be true to kill the broker during calls");
        assertThatThrownBy(() -> load(RPC + "servers: 4\nfault: {killLeaderAt: 0.5}\n"))
                .hasMessageContaining("'fault' on an rpc workload can only be killServerAt or killBrokerAt");
        assertThatThrownBy(() -> load(RPC + "matchingPercent: 50\n")).as("a selector is a consumer's")
                .hasMessageContaining("'matchingPercent' needs the reported phase to be the consume");
        assertThatThrownBy(() -> load(VALID + "servers: 2\n"))
                .hasMessageContaining("'servers' (and rpcWindow, callTimeoutMillis, retries) apply to rpc and oneway"
                        + " workloads only");
        assertThatThrownBy(() -> load(RPC.replace("- {name: rpc, action: rpc, reported: true}",
                "- {name: rpc, action: rpc, reported: true}\n  - {name: drain, action: consume}")))
                .hasMessageContaining("or a single live, rpc or oneway phase");
    }

    @Test
    void aServerKillNeedsCallsAndTwoServersAndRetriesNeedCalls() {
        Workload w = load(RPC + "servers: 4\ncallTimeoutMillis: 2000\nretries: 3\nfault: {killServerAt: 0.5}\n");
        assertThat(CallCase.of(w).fault()).isEqualTo(new Fault.KillServer(0.5));
        assertThat(CallCase.of(w).rpc().retry()).isEqualTo(new Rpc.Retry(2000, 3));
        assertThat(load(RPC + "retries: 2\nidleTimeoutSeconds: 7\n").shape()).as("the timeout defaults to the idle one")
                .isEqualTo(new CallCase(CallCase.of(load(RPC)).phase(), new Rpc(4, 1, new Rpc.Retry(7000, 2))));
        assertThatThrownBy(() -> load(RPC + "servers: 1\nfault: {killServerAt: 0.5}\n"))
                .hasMessageContaining("'servers' must be >= 2 to kill a server process");
        assertThatThrownBy(() -> load(VALID + "fault: {killServerAt: 0.5}\n"))
                .hasMessageContaining("'fault.killServerAt' needs an rpc phase");
        assertThatThrownBy(() -> load(RPC.replace("action: rpc", "action: oneway") + "fault: {killServerAt: 0.5}\n"))
                .hasMessageContaining("'fault.killServerAt' needs an rpc phase");
        assertThatThrownBy(() -> load(RPC.replace("action: rpc", "action: oneway") + "retries: 1\n"))
                .hasMessageContaining("'retries' apply to rpc calls");
        assertThatThrownBy(() -> load(RPC + "callTimeoutMillis: 5\n"))
                .hasMessageContaining("'callTimeoutMillis' must be 10..3600000, got 5");
        assertThatThrownBy(() -> load(RPC + "retries: 101\n")).hasMessageContaining("'retries' must be 0..100");
        assertThat(CallCase.of(w).serverProcesses()).as("a server kill runs them in two").isEqualTo(2);
        assertThat(CallCase.of(load(RPC + "serverProcesses: 3\n")).serverProcesses()).isEqualTo(3);
        assertThat(CallCase.of(load(RPC)).serverProcesses()).as("in the suite's JVM by default").isZero();
        assertThatThrownBy(() -> load(RPC + "serverProcesses: 5\n"))
                .hasMessageContaining("'serverProcesses' must be 0 (the servers in the suite's JVM) to servers (4)");
        assertThatThrownBy(() -> load(RPC + "serverProcesses: 1\nfault: {killServerAt: 0.5}\n"))
                .hasMessageContaining("'serverProcesses' must be 0 (two) or >= 2 to kill a server process");
    }

    private static final String LIVE = """
            name: l1
            title: "live"
            messages: 1000
            phases:
              - {name: live, action: live, mode: async, reported: true}
            """;

    @Test
    void aLivePhasePublishesWithAModeAndStandsAlone() {
        Workload w = load(LIVE);
        assertThat(w.live()).isTrue();
        assertThat(w.reportedPhase().label()).isEqualTo("live (async)");
        assertThatThrownBy(() -> load(LIVE.replace(", mode: async", "")))
                .hasMessageContaining("'phases[live].mode' is required for a live phase (sync, async or unconfirmed)");
        assertThatThrownBy(() -> load(LIVE + "  - {name: drain, action: consume}\n"))
                .hasMessageContaining("or a single live, rpc or oneway phase");
        assertThatThrownBy(() -> load(LIVE + "fault: {killConsumerAt: 0.5}\n"))
                .hasMessageContaining("'fault' on a live workload must hold for a stated time while the publishers"
                        + " go on");
        assertThatThrownBy(() -> load(LIVE + "fault: {killBrokerAt: 0.5}\n"))
                .hasMessageContaining("'fault' on a live workload must hold for a stated time");
        assertThat(QueueCase.faultOf(load(LIVE + "fault: {lossAt: 0.2, lossSeconds: 10, lossPercent: 5}\n")))
                .isEqualTo(new Fault.LossyLink(0.2, java.time.Duration.ofSeconds(10), 5));
        assertThatThrownBy(() -> load(CURVE + "fault: {lossAt: 0.2, lossSeconds: 10, lossPercent: 5}\n"))
                .hasMessageContaining("'fault' needs a live case that is no latency curve");
        assertThat(load(VALID).live()).isFalse();
    }

    private static final String CURVE = LIVE + """
            sweep: {variable: ratePercent, values: "10,50,90"}
            search: {startRate: 2000, stepSeconds: 4, pointSeconds: 10}
            """;

    @Test
    void aLatencyCurveIsALiveSweepOverPercentagesOfASearchedRate() {
        Workload w = load(CURVE);
        assertThat(LiveCase.of(w).search()).isEqualTo(new RateSearch(2000, 4, 10));
        List<Workload> points = w.scaled(0.1).points();
        assertThat(points).extracting(Workload::name).containsExactly("l1.10", "l1.50", "l1.90");
        assertThat(points).allSatisfy(p -> assertThat(p.curvePoint()).isTrue());
        assertThat(LiveCase.of(points.get(0)).search()).as("scaled, no shorter than the minimums")
                .isEqualTo(new RateSearch(2000, RateSearch.MIN_STEP_SECONDS, RateSearch.MIN_POINT_SECONDS));
        Workload at = points.get(1).atRate(3000);
        assertThat(at.ratePerSecond()).isEqualTo(750);
        assertThat(at.messages()).as("3,000 msg/s for the point's 3 s").isEqualTo(9000);
        assertThat(LiveCase.of(load(CURVE.replace("search: {startRate: 2000, stepSeconds: 4, pointSeconds: 10}",
                "search: {}"))).search()).isEqualTo(new RateSearch(1000, 5, 20));

        assertThatThrownBy(() -> load(CURVE.replace("search: {startRate: 2000, stepSeconds: 4, pointSeconds: 10}\n",
                ""))).hasMessageContaining("'search' must be set on a ratePercent sweep");
        assertThatThrownBy(() -> load(LIVE + "search: {}\n"))
                .hasMessageContaining("'sweep.variable' must be ratePercent when a search is set");
        assertThatThrownBy(() -> load(CURVE + "ratePerSecond: 10\n"))
                .hasMessageContaining("'ratePerSecond' must not be set on a ratePercent sweep");
        assertThatThrownBy(() -> load(CURVE.replace("10,50,90", "0,50"))).hasMessageContaining(
                "'sweep.values' must be 1..100 for ratePercent, got 0");
        assertThatThrownBy(() -> load(CURVE.replace("startRate: 2000", "startRate: 0")))
                .hasMessageContaining("'search.startRate' must be 1..10000000");
        assertThatThrownBy(() -> load(CURVE.replace("action: live, mode: async, reported: true}",
                "action: publish, mode: async, reported: true}\n  - {name: drain, action: consume}")))
                .hasMessageContaining("'search' needs a single live phase swept over ratePercent");
        assertThatThrownBy(() -> load(VALID + "sweep: {variable: ratePercent, values: \"50\"}\n"))
                .hasMessageContaining("'sweep.variable' ratePercent needs a single live phase");
        assertThatThrownBy(() -> load(VALID).atRate(100)).hasMessageContaining("must be ratePercent");
    }

    private static final String TOPIC = LIVE + """
            clients: 1
            topic: {durable: true}
            sweep: {variable: subscribers, values: "1,4,16"}
            """;

    @Test
    void aTopicFansOutToItsSubscribersOneCellPerCount() {
        Workload w = load(TOPIC);
        assertThat(LiveCase.of(w).topic()).isEqualTo(new Topic(1, true));
        List<Workload> points = w.points();
        assertThat(points).extracting(Workload::name).containsExactly("l1.1", "l1.4", "l1.16");
        assertThat(points).extracting(p -> LiveCase.of(p).topic().subscribers()).containsExactly(1, 4, 16);
        assertThat(points).allSatisfy(p -> {
            assertThat(p.fanOut()).isTrue();
            assertThat(p.clients()).as("one publisher").isEqualTo(1);
            assertThat(LiveCase.of(p).topic().durable()).isTrue();
        });
        assertThat(points.get(2).consumers()).as("one client per subscription").isEqualTo(16);
        assertThat(load(LIVE).consumers()).as("a queue's consumers are its clients").isEqualTo(4);
        assertThat(LiveCase.of(load(LIVE + "topic: {}\n")).topic()).isEqualTo(new Topic(1, false));

        assertThatThrownBy(() -> load(LIVE + "topic: {subscribers: 0}\n"))
                .hasMessageContaining("'topic.subscribers' must be 1..256, got 0");
        assertThatThrownBy(() -> load(TOPIC.replace("1,4,16", "4,300")))
                .hasMessageContaining("'sweep.values' must be 1..256 for subscribers, got 300");
        assertThatThrownBy(() -> load(LIVE + "sweep: {variable: subscribers, values: \"4\"}\n"))
                .hasMessageContaining("'sweep.variable' subscribers needs a topic");
        assertThatThrownBy(() -> load(VALID + "topic: {subscribers: 4}\n"))
                .hasMessageContaining("'topic' needs a single live phase");
    }

    @Test
    void aSelectorCaseSweepsTheShareItMatchesWithOneHundredForNoSelector() {
        Workload w = load(VALID.replace("mode: sync, reported: true}", "mode: sync}").replace("action: consume}",
                "action: consume, reported: true}") + "sweep: {variable: matchingPercent, values: \"100,90,10\"}\n");
        List<Workload> points = w.points();
        assertThat(points).extracting(QueueCase::selectionOf).containsExactly(null, new Selection(90), new Selection(10));
        assertThat(points).allSatisfy(p -> assertThat(p.clientSpec().selectorKey())
                .as("every cell sends the same keyed messages").isTrue());
        assertThat(load(VALID).clientSpec().selectorKey()).isFalse();
        assertThat(new Selection(10).matches(109)).isTrue();
        assertThat(new Selection(10).matches(110)).isFalse();

        assertThatThrownBy(() -> load(VALID + "matchingPercent: 10\n"))
                .hasMessageContaining("'matchingPercent' needs the reported phase to be the consume");
        assertThatThrownBy(() -> new Selection(100)).hasMessageContaining("'matchingPercent' must be 1..99");
        assertThatThrownBy(() -> load(VALID.replace("mode: sync, reported: true}",
                "mode: sync}").replace("action: consume}", "action: consume, reported: true}")
                + "sweep: {variable: matchingPercent, values: \"0\"}\n"))
                .hasMessageContaining("'sweep.values' must be 1..100 for matchingPercent");
    }

    @Test
    void aTransactionCaseSweepsItsBatchAndMayRollBack() {
        String transacted = VALID.replace("mode: sync", "mode: transacted");
        Workload w = load(transacted + "sweep: {variable: ackBatch, values: \"1,10,100\"}\n");
        assertThat(w.reportedPhase().mode()).isEqualTo(PublishMode.TRANSACTED);
        assertThat(w.points()).extracting(Workload::ackBatch).containsExactly(1, 10, 100);
        assertThat(w.rollback()).isNull();
        Workload rolling = load(transacted + "ackBatch: 10\nrollbackEvery: 10\n");
        assertThat(rolling.rollback()).isEqualTo(new Rollback(10));
        assertThat(rolling.rollback().rollsBack(20)).isTrue();
        assertThat(rolling.rollback().rollsBack(21)).isFalse();
        assertThat(load(VALID + "ack: transacted\nrollbackEvery: 5\n").rollback()).as("a consumer's rollbacks")
                .isEqualTo(new Rollback(5));

        assertThatThrownBy(() -> load(VALID + "rollbackEvery: 10\n"))
                .hasMessageContaining("'rollbackEvery' needs a transacted publish phase (mode: transacted) or"
                        + " transacted consumers (ack: transacted)");
        assertThatThrownBy(() -> load(transacted + "rollbackEvery: 1\n"))
                .hasMessageContaining("'rollbackEvery' must be 2..1000");
        assertThatThrownBy(() -> load(LIVE.replace("mode: async", "mode: transacted")))
                .hasMessageContaining("'phases[live].mode' must be one of sync, async or unconfirmed for a live phase");
        assertThatThrownBy(() -> load(transacted + "sweep: {variable: ackBatch, values: \"0\"}\n"))
                .hasMessageContaining("'sweep.values' must be 1..1000000 for ackBatch");
    }

    private static final String LIVE_1KB = """
            name: w
            title: t
            payloadBytes: 1000
            phases:
              - {name: live, action: live, mode: async, reported: true}
            """;

    @Test
    void aScheduleStatesTheMessagesAndScalesWithThem() {
        Workload w = load(LIVE_1KB + """
                schedule:
                  - {rate: 2000, seconds: 20}
                  - {from: 2000, to: 6000, seconds: 15}
                """);
        RateSchedule schedule = ((LiveCase) w.shape()).schedule();
        assertThat(schedule.steps()).containsExactly(new RateSchedule.Step(2000, 2000, 20),
                new RateSchedule.Step(2000, 6000, 15));
        assertThat(w.messages()).isEqualTo(40_000 + 60_000);
        Workload scaled = w.scaled(0.01);
        assertThat(scaled.messages()).isEqualTo(1000);
        assertThat(((LiveCase) scaled.shape()).schedule().seconds()).isCloseTo(0.35, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(schedule.rateAt(27.5)).as("half way up the ramp").isEqualTo(4000);
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 5\nschedule: [{rate: 10, seconds: 1}]\n"))
                .hasMessageContaining("'messages' must not be set beside a schedule");
        assertThatThrownBy(() -> load(LIVE_1KB + "schedule: [{rate: 10, from: 1, to: 2, seconds: 1}]\n"))
                .hasMessageContaining("'schedule[0]' must give a rate (a step) or from and to (a ramp)");
        assertThatThrownBy(() -> load(LIVE_1KB + "ratePerSecond: 5\nschedule: [{rate: 10, seconds: 1}]\n"))
                .hasMessageContaining("'ratePerSecond' must not be set beside a schedule");
    }

    @Test
    void aRandomShareIsARatioOfEachBody() {
        assertThat(load(LIVE_1KB + "messages: 1000\nrandomBytesRatio: 0.3\n").randomBytes())
                .isEqualTo(new RandomBytes(0.3));
        assertThat(load(LIVE_1KB + "messages: 1000\n").randomBytes()).isEqualTo(RandomBytes.ALL);
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 1000\nrandomBytesRatio: 1.5\n"))
                .hasMessageContaining("'randomBytesRatio' must be 0..1 (the random share of each body; 1 = all"
                        + " random), got 1.5");
    }

    @Test
    void manyQueuesAreGivenAsTheirCountAndConsumersEach() {
        Workload w = load(LIVE_1KB + "messages: 1000\ndestinations: {queues: 100}\n");
        assertThat(w.destinations()).isEqualTo(new Destinations(100, 1));
        assertThat(w.consumers()).isEqualTo(100);
        assertThat(load(LIVE_1KB + "messages: 1000\ndestinations: {queues: 10, consumersPerQueue: 3}\n")
                .consumers()).isEqualTo(30);
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 1000\ndestinations: {consumersPerQueue: 3}\n"))
                .hasMessageContaining("'destinations.queues' must be set");
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 1000\ndestinations: {queues: 2000}\n"))
                .hasMessageContaining("'destinations.queues' must be 1..1024");
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 1000\ndestinations: {queues: 2, topics: 3}\n"))
                .hasMessageContaining("topics");
    }

    @Test
    void aBacklogIsGivenInMessagesOrMegabytesOfTheCasesBodies() {
        Workload w = load(LIVE_1KB + "messages: 10000\nbacklog: {megabytes: 5}\n");
        assertThat(((LiveCase) w.shape()).backlog()).isEqualTo(new Backlog(5000));
        assertThat(((LiveCase) w.scaled(0.1).shape()).backlog()).isEqualTo(new Backlog(500));
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 10000\nbacklog: {messages: 9999}\n"))
                .hasMessageContaining("'backlog.messages' must leave messages for the publishers");
        assertThatThrownBy(() -> load(LIVE_1KB + "messages: 100\nbacklog: {messages: 10, megabytes: 1}\n"))
                .hasMessageContaining("'backlog' must give its depth in messages or in megabytes, one of them");
        assertThatThrownBy(() -> load(VALID + "backlog: {messages: 10}\n"))
                .hasMessageContaining("'backlog' needs a single live phase");
    }
}
