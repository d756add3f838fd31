package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published comparison beside stored runs: the stored run of three brokers in two repeats (Apollo's and RabbitMQ's
 * native c1 and c5 have published means) and the stored cells with their brokers' GC figures, one of them stored again
 * as a broker that stopped answering mid-cell. Expected figures are read from the stored JSON here, not through the
 * code under test.
 */
class PublishedTablesTest {
    private static final PublishedComparison PUBLISHED = PublishedComparison.persistentQueues();
    private static final Path STORED_RUN = StoredRunReportTest.resource("stored-run");

    private static List<RunResult> storedRun() throws Exception {
        return ReportData.read(STORED_RUN).results();
    }

    /** The reported phase's windowMean of a stored result file, read as plain JSON. */
    private static double windowMean(String file) throws Exception {
        var tree = new ObjectMapper().readTree(STORED_RUN.resolve(file).toFile());
        for (var phase : tree.get("phases")) {
            if (phase.get("reported").asBoolean()) {
                return phase.get("rate").get("windowMean").asDouble();
            }
        }
        throw new AssertionError("no reported phase in " + file);
    }

    @Test
    void theShippedFiguresAreThePublishedTable() {
        assertThat(PUBLISHED.rows()).extracting(PublishedComparison.Row::label).containsExactly(
                "RabbitMQ (native client)", "ActiveMQ AMQP", "ActiveMQ OpenWire", "Apollo (AMQP)");
        assertThat(PUBLISHED.cases()).containsExactly("c1", "c2", "c3", "c4", "c5", "c6");
        assertThat(PUBLISHED.row(new dev.brokerbench.core.result.BrokerPath("apollo", "qpid-jms")).orElseThrow()
                .mean("c3")).hasValue(20_852);
        assertThat(PUBLISHED.row(new dev.brokerbench.core.result.BrokerPath("activemq", "openwire-jms"))
                .orElseThrow().mean("c3")).isEmpty();
    }

    /** Each measured figure is the median repeat's window mean (of two repeats, the slower), beside the published. */
    @Test
    void eachPublishedRowOfAMeasuredCaseStandsBesideItsMeasure() throws Exception {
        List<PublishedTables.Match> matches = PublishedTables.matches(PUBLISHED, storedRun());

        assertThat(matches).extracting(m -> m.caseName() + " " + m.row().broker() + "/" + m.row().path())
                .containsExactly("c1 apollo/qpid-jms", "c1 rabbitmq/rabbitmq-amqp091", "c5 apollo/qpid-jms",
                        "c5 rabbitmq/rabbitmq-amqp091");
        PublishedTables.Match apolloC1 = matches.get(0);
        assertThat(apolloC1.measuredMean()).as("repeat 2 of 4,581 msg/s overall, below repeat 1's 7,306")
                .isEqualTo(windowMean("apollo__qpid-jms__c1__r2.json"));
        assertThat(apolloC1.ratio()).isEqualTo(windowMean("apollo__qpid-jms__c1__r2.json") / 6101);
        assertThat(matches.get(3).measuredMean()).as("repeat 1 of 85,220, below repeat 2's 91,252")
                .isEqualTo(windowMean("rabbitmq__rabbitmq-amqp091__c5__r1.json"));

        TextTable table = PublishedTables.table(matches);
        assertThat(table.rows()).containsExactly(
                List.of("c1", "Apollo (AMQP)", "apollo / qpid-jms", "6,101", "4,718", "x0.77", "1 of 2", "1 of 2",
                        "ok"),
                List.of("c1", "RabbitMQ (native client)", "rabbitmq / rabbitmq-amqp091", "911", "4,650", "x5.10",
                        "2 of 2", "2 of 2", "ok"),
                List.of("c5", "Apollo (AMQP)", "apollo / qpid-jms", "23,586", "32,205", "x1.37", "1 of 2", "2 of 2",
                        "ok"),
                List.of("c5", "RabbitMQ (native client)", "rabbitmq / rabbitmq-amqp091", "13,392", "83,953", "x6.27",
                        "2 of 2", "1 of 2", "ok"));
        assertThat(PublishedRanks.orders(matches)).isEqualTo("Order as published in 1 of 2 cases with two rows or"
                + " more: c1 (Apollo (AMQP) > RabbitMQ (native client)); c5: published Apollo (AMQP) > RabbitMQ"
                + " (native client), measured RabbitMQ (native client) > Apollo (AMQP).");
    }

    @Test
    void aRunOfNoPublishedCellHasNoSection() throws Exception {
        List<RunResult> others = storedRun().stream().filter(r -> !r.workload().name().matches("c[15]")).toList();

        assertThat(PublishedTables.section(PUBLISHED, others, List.of(), null)).isEmpty();
        assertThat(PublishedTables.section(PUBLISHED, storedRun(), List.of(), null)).get()
                .extracting(Section::lead).asString().endsWith("this run at scale 0.01 of its message counts");
    }

    /** The cases a published client could not run: refused here too, run here, or not selected. */
    @Test
    void casesAPublishedClientCouldNotRunAreCheckedAgainstTheRun() throws Exception {
        PublishedComparison.Observation openWire = PUBLISHED.observations().get(0);
        RunSummary.Missing refused = new RunSummary.Missing("activemq", "openwire-jms", "c3", "unsupported",
                "async publish: unsupported (JMS 2.0 async send)");

        assertThat(PublishedObservations.absentCases(PUBLISHED, openWire, storedRun(), List.of(refused)))
                .isEqualTo("activemq / openwire-jms: c3 not run: async publish: unsupported (JMS 2.0 async send).");
        assertThat(PublishedObservations.absentCases(PUBLISHED, openWire, storedRun(), List.of()))
                .isEqualTo("not checked: this run selected none of c3, c4 on activemq / openwire-jms.");
    }

    /** A stall is the watch's catch or a tenth of a cell paused; a broker without a GC log is not checked. */
    @Test
    void heapStallsAreReadFromTheBrokersGcAndItsWatch(@TempDir Path dir) throws Exception {
        List<RunResult> gcCells = new ResultStore(StoredRunReportTest.resource("broker-gc")).readAll();
        assertThat(PublishedObservations.heapStalls("apollo", gcCells)).isEqualTo("not seen: its GC paused it at"
                + " most 5.6 % of a cell, 0 full collections in 1 cells (a stall = the watch caught it, or 10 % of a"
                + " cell paused).");
        assertThat(PublishedObservations.heapStalls("apollo", storedRun())).startsWith("not checked: no GC log");
        assertThat(PublishedObservations.heapStalls("kafka", storedRun()))
                .isEqualTo("not checked: no kafka cell in this run.");

        ObjectMapper json = new ObjectMapper();
        ObjectNode stalled = (ObjectNode) json.readTree(StoredRunReportTest.resource("broker-gc")
                .resolve("apollo__qpid-jms__c1.json").toFile());
        ((ObjectNode) stalled.get("brokerGc")).put("pausedShare", 0.736).put("fullCollections", 118);
        stalled.put("brokerStopped", "stopped answering for 15 s, 73.6 % of the last 60 s paused in GC");
        Files.writeString(dir.resolve("apollo__qpid-jms__c1.json"), json.writeValueAsString(stalled));

        assertThat(PublishedObservations.heapStalls("apollo", new ResultStore(dir).readAll())).isEqualTo("seen: it"
                + " stopped answering in c1 on qpid-jms; its GC paused it at most 73.6 % of a cell, 118 full"
                + " collections in 1 cells, 1 of them paused 10 % or more.");
    }

    /** Sync publish rates as multiples of the disk's syncs/s, with the spread of one broker's paths. */
    @Test
    void persistenceIsShownAsMultiplesOfTheDisksSyncs() throws Exception {
        Calibration disk = new Calibration(2, 1000, 900, 10, 1000, "/data");

        String here = PublishedObservations.persistenceBound(PUBLISHED, storedRun(), disk);

        assertThat(here).startsWith("sync publish in multiples of the disk's 1,000 syncs/s")
                .contains("c1 apollo: qpid-jms x4.58;")
                .contains("c1 rabbitmq: rabbitmq-amqp091 x");
        assertThat(PublishedObservations.persistenceBound(PUBLISHED, storedRun(), null))
                .isEqualTo("not checked: no measure of the disk's syncs/s in this run.");
    }
}
