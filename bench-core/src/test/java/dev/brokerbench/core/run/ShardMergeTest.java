package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ShardCell;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import dev.brokerbench.core.shard.MergedCell;
import dev.brokerbench.core.shard.ShardFile;
import dev.brokerbench.core.shard.ShardMerge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Shards of one run on one (fake) broker, their records merged: the same account as one process running them all. */
class ShardMergeTest {

    /** Runs the workload as {@code count} shards at once, each with its own driver; the merged cell. */
    private static MergedCell sharded(Workload workload, int count, IntFunction<LoopbackDriver> drivers)
            throws Exception {
        ShardMerge.Merged merged = ShardMerge.merge(shardFiles(workload, count, drivers));
        assertThat(merged.missing()).isEmpty();
        return merged.cells().get(0);
    }

    /** What {@code count} shards running the workload at once, each with its own driver, wrote. */
    static List<ShardFile> shardFiles(Workload workload, int count, IntFunction<LoopbackDriver> drivers)
            throws Exception {
        String group = "g" + System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<ShardFile>> shards = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Shard shard = new Shard(i, count, group);
                LoopbackDriver driver = drivers.apply(i);
                shards.add(pool.submit(() -> {
                    ShardRun run = new ShardRun(shard, Duration.ofSeconds(30));
                    run.beginCell("cell", 3);
                    new ScenarioRunner(ProgressListener.NONE, FAST).sharded(run)
                            .run(workload, CellContext.of(driver, "cell"));
                    ShardFile file = new ShardFile(shard, List.of(run.cell("loopback", "loopback", "t", 3)));
                    // what bench merge reads is what a shard wrote
                    return Json.mapper().readValue(Json.mapper().writeValueAsString(file), ShardFile.class);
                }));
            }
            List<ShardFile> files = new ArrayList<>();
            for (Future<ShardFile> shard : shards) {
                files.add(shard.get());
            }
            return files;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Accounting whole(Workload workload, LoopbackDriver driver) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).run(workload, CellContext.of(driver, "cell"))
                .measured().accounting();
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void twoShardsAccountLikeOneProcess(PublishMode mode) throws Exception {
        Workload workload = AccountingTest.workload(mode, 4000);
        LoopbackBroker broker = new LoopbackBroker();
        MergedCell merged = sharded(workload, 2, i -> new LoopbackDriver(broker, false));
        Accounting one = whole(workload, new LoopbackDriver(new LoopbackBroker(), false));

        Accounting a = merged.accounting();
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(List.of(a.sent(), a.confirmed(), a.received(), a.lost(), a.duplicates(), a.foreign()))
                .as("merged %s against one process %s", a.summary(), one.summary())
                .isEqualTo(List.of(one.sent(), one.confirmed(), one.received(), one.lost(), one.duplicates(),
                        one.foreign()));
        assertThat(merged.status()).isEqualTo(Status.OK);
        MergedCell.Phase publish = merged.reported();
        assertThat(publish.completed()).isEqualTo(4000);
        assertThat(publish.shards()).extracting(MergedCell.ShardFigure::completed).containsExactly(2000L, 2000L);
        assertThat(publish.latency().count()).as("both shards' histograms added").isEqualTo(4000);
        assertThat(publish.rate()).isLessThanOrEqualTo(publish.shards().stream()
                .mapToDouble(MergedCell.ShardFigure::rate).sum() * 1.0001);
        assertThat(a.perConsumer()).extracting(Accounting.ConsumerAccount::client).containsExactly(0, 1, 2, 3);
    }

    @Test
    void theMergeCatchesWhatOneShardLostAndAMessageDeliveredTwice() throws Exception {
        Workload workload = AccountingTest.workload(PublishMode.SYNC, 4000);
        LoopbackBroker broker = new LoopbackBroker();
        // client 1 belongs to shard 1, client 0 to shard 0: each shard's driver sends only its own clients' messages
        MergedCell merged = sharded(workload, 2, i -> new FaultyLoopbackDriver(broker,
                Set.of(new Msg(1, 10), new Msg(3, 999)), Set.of(new Msg(0, 5)), Set.of()));

        Accounting a = merged.accounting();
        assertThat(a.lost()).as(a.summary()).isEqualTo(2);
        assertThat(a.lostConfirmed()).isEqualTo(2);
        assertThat(a.duplicates()).isEqualTo(1);
        assertThat(a.lostConfirmedWhere()).isEqualTo("client 1: 10; client 3: 999");
        assertThat(merged.status()).isEqualTo(Status.LOSS);
    }

    @Test
    void aMissingShardIsNamed() throws Exception {
        Shard zero = new Shard(0, 3, "run");
        Shard two = new Shard(2, 3, "run");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(new ShardFile(zero, List.of()),
                new ShardFile(two, List.of())))).hasMessageContaining("missing [1]");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(new ShardFile(zero, List.of()),
                new ShardFile(zero, List.of())))).hasMessageContaining("given twice");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(new ShardFile(zero, List.of()),
                new ShardFile(new Shard(1, 3, "other"), List.of())))).hasMessageContaining("not of run run");
    }

    @Test
    void shardsOwnEveryClientOnceAndDeriveTheSameStreams() {
        Shard a = new Shard(0, 2, "x");
        Shard b = new Shard(1, 2, "x");
        assertThat(a.owned(5)).containsExactly(0, 2, 4);
        assertThat(b.owned(5)).containsExactly(1, 3);
        assertThat(a.streamTag(7)).isEqualTo(b.streamTag(7)).isNotEqualTo(a.streamTag(8));
        assertThat(Shard.parse("1/4", "g")).isEqualTo(new Shard(1, 4, "g"));
        assertThatThrownBy(() -> Shard.parse("4/4", "g")).hasMessageContaining("0..3");
        assertThatThrownBy(() -> Shard.parse("one", "g")).hasMessageContaining("I/N");
        assertThatThrownBy(() -> Shard.parse("0/2", null)).hasMessageContaining("group name");
    }

    @Test
    void theShardOfARunNamesWhatItCannotShard() {
        ShardRun run = new ShardRun(new Shard(0, 8, "g"), Duration.ofSeconds(1));
        assertThat(run.unsupported(AccountingTest.workload(PublishMode.SYNC, 100)))
                .hasValueSatisfying(why -> assertThat(why).contains("needs a publisher and a consumer"));
        assertThat(new ShardRun(new Shard(0, 2, "g"), Duration.ofSeconds(1))
                .unsupported(AccountingTest.workload(PublishMode.SYNC, 100))).isEmpty();
    }

    @Test
    void aCellThatFailedInOneShardLeavesTheNextCellsMeetingsInStep() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        String group = "g" + System.nanoTime();
        ShardBarrier zero = new ShardBarrier(new Shard(0, 2, group), Duration.ofMillis(500));
        ShardBarrier one = new ShardBarrier(new Shard(1, 2, group), Duration.ofSeconds(30));
        LoopbackDriver driver = new LoopbackDriver(broker, false);
        // shard 0 meets twice in cell 0 (the second meeting times out: shard 1 failed the cell after one)
        zero.cell(0);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<ShardBarrier.Meeting> first = pool.submit(() -> {
                one.cell(0);
                return one.meet(driver, "cell 0, phase 1");
            });
            awaitMarkerFromShardOne(broker, group); // shard 0 waits only 500 ms: shard 1's thread may start late
            assertThat(zero.meet(driver, "cell 0, phase 1").round()).isEqualTo(first.get().round()).isZero();
            assertThatThrownBy(() -> zero.meet(driver, "cell 0, phase 2")).hasMessageContaining("shards [1] did not"
                    + " reach round 1 (before cell 0, phase 2)");
            Future<ShardBarrier.Meeting> next = pool.submit(() -> {
                one.cell(1);
                return one.meet(driver, "cell 1, phase 1");
            });
            zero.cell(1);
            awaitMarkerFromShardOne(broker, group);
            // shard 0's stale marker of cell 0 is waiting on shard 1's queue: it must not count for cell 1
            assertThat(zero.meet(driver, "cell 1, phase 1").round()).isEqualTo(next.get().round())
                    .isEqualTo(1L << 20);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Until shard 1's marker waits on shard 0's queue (at most 30 s). */
    private static void awaitMarkerFromShardOne(LoopbackBroker broker, String group) throws InterruptedException {
        String queue = ShardBarrier.queue(new Shard(0, 2, group), 0);
        long until = System.nanoTime() + 30_000_000_000L;
        while (broker.queue(queue).isEmpty() && System.nanoTime() < until) {
            Thread.sleep(1);
        }
    }
}
