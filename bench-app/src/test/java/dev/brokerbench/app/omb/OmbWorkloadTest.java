package dev.brokerbench.app.omb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** OMB's workload files map key by key onto the suite's workloads, and what cannot be honoured is refused. */
class OmbWorkloadTest {
    private static final Path FILES = Path.of("..", "omb-workloads");

    @TempDir
    Path tmp;

    @Test
    void aFixedRateIsPacedAtEachProducersShareForItsMinutes() {
        Workload w = OmbWorkloadFile.read(FILES.resolve("fixed-rate-1kb-2000.yaml"));
        assertThat(w.name()).isEqualTo("fixed-rate-1kb-2000");
        assertThat(w.group()).isEqualTo(OmbWorkload.GROUP);
        assertThat(w.live()).isTrue();
        assertThat(w.clients()).isEqualTo(4);
        assertThat(w.consumers()).isEqualTo(4);
        assertThat(w.payloadBytes()).isEqualTo(1024);
        assertThat(w.offeredRate()).isEqualTo(2000);
        assertThat(w.messages()).isEqualTo(2000L * 60 * 5);
        assertThat(w.warmupMessages()).isEqualTo(2000L * 60);
        assertThat(w.persistent()).isTrue();
    }

    @Test
    void aRateOfZeroIsTheRateSearchAndOnePointAtTheRateItFinds() {
        Workload w = OmbWorkloadFile.read(FILES.resolve("max-rate-1kb.yaml"));
        LiveCase live = (LiveCase) w.shape();
        assertThat(live.search()).isNotNull();
        assertThat(live.search().pointSeconds()).isEqualTo(60);
        assertThat(w.sweep()).isEqualTo(new Sweep(Sweep.Variable.RATE_PERCENT, java.util.List.of(100L)));
        assertThat(w.points()).singleElement().satisfies(p -> assertThat(p.curvePoint()).isTrue());
    }

    @Test
    void aBacklogInGibIsItsMessagesOfTheBodySize() {
        Workload w = OmbWorkloadFile.read(FILES.resolve("backlog-drain-1kb.yaml"));
        long backlog = Math.round(0.1 * (1L << 30) / 1024);
        assertThat(((LiveCase) w.shape()).backlog()).isEqualTo(new Backlog(backlog));
        assertThat(w.messages()).isEqualTo(backlog + 2000L * 60 * 2);
        assertThat(w.warmupMessages()).isZero();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "topics: 2000                       | field 'topics' must be 1..1024",
            "partitionsPerTopic: 16             | field 'partitionsPerTopic' must be 4: the suite's Kafka topic has 4",
            "keyDistributor: KEY_ROUND_ROBIN    | field 'keyDistributor' must be NO_KEY",
            "randomBytesRatio: 1.5              | field 'randomBytesRatio' must be 0..1",
            "consumerPerSubscription: 0         | field 'consumerPerSubscription' must be 1..1024",
            "backlogDrainRatio: 0.9             | field 'backlogDrainRatio' must be 1.0",
            "producerStartRate: 10000           | unknown key 'producerStartRate'",
            "producerRate: -1                   | field 'producerRate' must be >= 0"})
    void whatTheSuiteCannotHonourIsRefusedWithTheFileAndTheReason(String change, String says) throws Exception {
        String key = change.substring(0, change.indexOf(':'));
        String base = Files.readString(FILES.resolve("fixed-rate-1kb-2000.yaml")).lines()
                .filter(l -> !l.startsWith(key + ":")).collect(java.util.stream.Collectors.joining("\n"));
        Path file = Files.writeString(tmp.resolve("changed.yaml"), base + "\n" + change + "\n");
        assertThatThrownBy(() -> OmbWorkloadFile.read(file)).isInstanceOf(InvalidConfigException.class)
                .hasMessageStartingWith("changed.yaml: ").hasMessageContaining(says);
    }

    /** As OMB: the random share of a randomized body, the rest zero; without randomized bodies it is not used. */
    @Test
    void aRandomShareCountsForRandomizedPayloads() throws Exception {
        String text = Files.readString(FILES.resolve("fixed-rate-1kb-2000.yaml")) + "\nrandomBytesRatio: 0.5\n";
        Workload file = OmbWorkloadFile.read(Files.writeString(tmp.resolve("file.yaml"), text));
        assertThat(file.randomBytes()).isEqualTo(RandomBytes.ALL);
        Workload randomized = OmbWorkloadFile.read(Files.writeString(tmp.resolve("randomized.yaml"),
                text + "useRandomizedPayloads: true\n"));
        assertThat(randomized.randomBytes()).isEqualTo(new RandomBytes(0.5));
    }

    @Test
    void severalSubscriptionsAreATopicWithADurableSubscriptionEach() throws Exception {
        String text = Files.readString(FILES.resolve("fixed-rate-1kb-2000.yaml"))
                .replace("subscriptionsPerTopic: 1", "subscriptionsPerTopic: 3")
                .replace("consumerPerSubscription: 4", "consumerPerSubscription: 1");
        Workload w = OmbWorkloadFile.read(Files.writeString(tmp.resolve("fan-out.yaml"), text));
        assertThat(w.fanOut()).isTrue();
        assertThat(w.consumers()).isEqualTo(3);
        assertThat(((LiveCase) w.shape()).topic().durable()).isTrue();
    }

    @Test
    void severalTopicsAreQueuesEachWithItsProducersAndConsumers() throws Exception {
        String text = Files.readString(FILES.resolve("fixed-rate-1kb-2000.yaml"))
                .replace("topics: 1", "topics: 10").replace("producersPerTopic: 4", "producersPerTopic: 1")
                .replace("consumerPerSubscription: 4", "consumerPerSubscription: 2");
        Workload w = OmbWorkloadFile.read(Files.writeString(tmp.resolve("ten.yaml"), text));
        assertThat(w.destinations()).isEqualTo(new Destinations(10, 2));
        assertThat(w.clients()).as("a producer per topic").isEqualTo(10);
        assertThat(w.consumers()).isEqualTo(20);
        assertThat(w.offeredRate()).as("producerRate is all producers'").isEqualTo(2000);
        String fanOut = text.replace("subscriptionsPerTopic: 1", "subscriptionsPerTopic: 2");
        Path file = Files.writeString(tmp.resolve("both.yaml"), fanOut);
        assertThatThrownBy(() -> OmbWorkloadFile.read(file)).hasMessageContaining("'subscriptionsPerTopic' must"
                + " be 1 with several topics");
    }

    @Test
    void consumersUnlikeTheProducersShareTheOneQueue() throws Exception {
        String text = Files.readString(FILES.resolve("fixed-rate-1kb-2000.yaml"))
                .replace("consumerPerSubscription: 4", "consumerPerSubscription: 2");
        Workload w = OmbWorkloadFile.read(Files.writeString(tmp.resolve("two.yaml"), text));
        assertThat(w.destinations()).isEqualTo(new Destinations(1, 2));
        assertThat(w.clients()).isEqualTo(4);
        assertThat(w.consumers()).isEqualTo(2);
        assertThat(OmbWorkloadFile.read(FILES.resolve("fixed-rate-1kb-2000.yaml")).destinations())
                .as("as many consumers as producers on one queue: the plain live case").isNull();
    }

    @Test
    void aCaseIsNamedAfterItsFile() {
        assertThat(OmbWorkload.caseName("Max Rate (1kb).yaml")).isEqualTo("max-rate-1kb");
        assertThat(OmbWorkload.caseName("simple.yml")).isEqualTo("simple");
    }
}
