package dev.brokerbench.app.report;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/** The sections every rendering of a run shows, in their order; a section with nothing to show is left out. */
public final class ReportSections {
    private ReportSections() {
    }

    public static List<Section> of(List<RunResult> results, List<RunSummary.Missing> missing,
                                   List<BrokerInfo> brokers, Calibration calibration) {
        List<Section> sections = new ArrayList<>();
        VerdictTable.of(results).ifPresent(sections::add); // the answer first
        if (RepeatedCell.anyRepeated(results)) {
            List<RepeatedCell> cells = RepeatedCell.of(results);
            List<Section.Part> parts = new ArrayList<>(List.of(
                    new Section.Table(null, ComparisonTable.of(cells, calibration))));
            RoundDrift.of(cells).ifPresent(d -> parts.add(new Section.Paragraph(d.describe())));
            sections.add(new Section("comparison", "Comparison over repeats", ComparisonTable.NOTE,
                    ComparisonTable.NOTE + " Each repeat's figures are in the results below (case #k = repeat k)."
                            + " The charts of a case draw one repeat of each cell: the one whose rate is the median"
                            + " of its repeats (of two, the slower).", parts));
        }
        if (!SummaryTables.queueCells(results).isEmpty()) {
            sections.add(new Section("results", "Results: queue cases", "reported phase of each case", RESULTS_NOTE,
                    List.of(new Section.Table(null, SummaryTables.results(results)))));
        }
        PublishedTables.section(PublishedComparison.persistentQueues(), results, missing, calibration)
                .ifPresent(sections::add);
        if (!LiveTables.of(results).isEmpty()) {
            sections.add(new Section("live", "Live: publish and consume at once",
                    "end-to-end latency from send to first receipt", LiveTables.NOTE,
                    List.of(new Section.Table(null, LiveTables.live(results)))));
        }
        if (!TrafficTables.of(results).isEmpty()) {
            List<Section.Part> parts = new ArrayList<>(List.of(new Section.Table(null,
                    TrafficTables.traffic(results))));
            if (!TrafficTables.scheduled(results).isEmpty()) {
                parts.add(new Section.Table("steps of the rate schedules", TrafficTables.steps(results)));
            }
            if (!TrafficTables.backlogged(results).isEmpty()) {
                parts.add(new Section.Table("backlogs and their drain", TrafficTables.drains(results)));
            }
            if (!DestinationTables.of(results).isEmpty()) {
                parts.add(new Section.Table("many queues", DestinationTables.spread(results)));
            }
            sections.add(new Section("traffic", "Workloads: sizes, slow consumers, schedules, backlogs, many queues",
                    "msg/s and MB/s of bodies of several sizes; consumers that spend time on each message; each step"
                            + " of a rate schedule; how a backlog drained; each of many queues", TrafficTables.NOTE,
                    parts));
        }
        List<CurveTables.Curve> curves = CurveTables.curves(results);
        if (!curves.isEmpty()) {
            List<Section.Part> parts = new ArrayList<>(List.of(new Section.Table(null, CurveTables.summary(curves)),
                    new Section.Table("points", CurveTables.points(results)),
                    new Section.Table("search steps", CurveTables.steps(curves))));
            CurveTables.rules(curves).forEach(rule -> parts.add(new Section.Paragraph("Search rule: " + rule + ".")));
            sections.add(new Section("curves", "Latency against offered rate",
                    "the highest sustained rate, then latency at fixed shares of it", CurveTables.NOTE, parts));
        }
        if (!CallTables.of(results).isEmpty()) {
            List<Section.Part> parts = new ArrayList<>(List.of(new Section.Table(null, CallTables.calls(results))));
            for (CallTables.SweepResults sweep : CallTables.sweeps(results)) {
                parts.add(new Section.Table(sweep.series() + ": " + sweep.title() + " (" + sweep.unit() + ")",
                        CallTables.pivot(sweep)));
            }
            sections.add(new Section("calls", "Request/reply and one-way",
                    "sent by clients, received by servers, replies checked", CALLS_NOTE, parts));
        }
        TextTable callFaults = CallTables.underFaults(results);
        if (!callFaults.isEmpty()) {
            sections.add(new Section("call-faults", "Request/reply under faults", "kill -9 of one of two server"
                    + " processes, or of the broker, mid-run; the clients send a call again after its timeout",
                    CALL_FAULTS_NOTE,
                    List.of(new Section.Table(null, callFaults))));
        }
        if (SizeClassTables.any(results)) {
            sections.add(new Section("sizes", "Latency by message size", "each phase's latency by the size of the"
                    + " message it timed", SizeClassTables.NOTE, List.of(new Section.Table(null,
                    SizeClassTables.of(results)))));
        }
        TextTable durability = SummaryTables.durability(results);
        if (!durability.isEmpty()) {
            sections.add(new Section("durability", "Durability",
                    "kill -9 of the broker mid-publish and restart, of a cluster's leading node mid-publish, or of"
                            + " one consumer process mid-drain; for a stated time, the broker, a cluster's leader or a"
                            + " consumer paused, the link cut, lossy or slow, the leader cut off from its followers,"
                            + " or the disk full; then reconcile", DURABILITY_NOTE,
                    List.of(new Section.Table(null, durability))));
        }
        if (!BrokerGcTables.of(results).isEmpty()) {
            sections.add(new Section("broker-gc", "Broker GC", "each JVM broker's own pauses during each cell, from"
                    + " its GC log", BrokerGcTables.NOTE, List.of(new Section.Table(null,
                    BrokerGcTables.gc(results)))));
        }
        TextTable rollbacks = SummaryTables.rollbacks(results);
        if (!rollbacks.isEmpty()) {
            sections.add(new Section("rollbacks", "Rollbacks", "transactions rolled back on purpose, each message"
                    + " owed again", ROLLBACKS_NOTE, List.of(new Section.Table(null, rollbacks))));
        }
        if (!missing.isEmpty()) {
            sections.add(new Section("not-run", "Not run", null, null,
                    List.of(new Section.Table(null, SummaryTables.missing(missing)))));
        }
        if (!brokers.isEmpty()) {
            sections.add(new Section("brokers", "Brokers", null, null,
                    List.of(new Section.Table(null, SummaryTables.brokers(brokers)))));
        }
        return sections;
    }

    static final String RESULTS_NOTE = "Reported phase of each case. Overall = completions (confirmations; for"
            + " consume, first receipts of the phase's own messages) / time from the phase start to the last"
            + " completion. min / mean / max over rate windows: a window closes after at least "
            + RateWindow.DEFAULT_COMPLETIONS + " completions and at least the minimum duration ("
            + RateWindow.DEFAULT_MINIMUM_MILLIS + " ms unless --window-min-ms says otherwise), so batched"
            + " confirmations or prefetched deliveries cannot make a window microseconds long; mean = completions in"
            + " whole windows / their time. Latency from send to broker confirmation. CPU µs/msg: the suite's JVM and"
            + " the broker process per completed message, over the phase's active period (as the overall rate);"
            + " client-limited = the load generator plausibly limited the figure (over that period it used 80 % of"
            + " all cores, a full core, or more CPU than the broker). Steal: the share of the machine's CPU the"
            + " hypervisor gave to other guests during that period; a pass above --max-steal was"
            + " measured again and the least disturbed kept (every attempt listed).";

    static final String CALLS_NOTE = "Request/reply: calls/s of correctly answered calls (correlation id of a"
            + " call in flight, every byte + 1); latency from send to verified reply, each client with its window of"
            + " calls in flight (a closed loop). One-way: msg/s where the messages arrive, at the server sessions."
            + " Counted at three points: sent by the clients, received by the servers, replies; lost = sent - server"
            + " received (every send, first or retried). CPU µs/call: the suite's JVM (clients, and the servers"
            + " unless they ran in processes of their own), the server processes, the broker, per answered call over"
            + " the phase's active period. Broker-less baselines (ZeroMQ, gRPC) are the ceiling the brokers are"
            + " measured against.";

    static final String CALL_FAULTS_NOTE = "A server kill (f7): the server sessions ran in two processes of their"
            + " own and the first was killed with kill -9 once the given number of calls was answered. A broker kill"
            + " (f8): kill -9 of the broker at that point, restarted at once on its data, while clients and servers"
            + " reconnected by their library's own recovery. A call with no reply within its timeout was sent again"
            + " with the same correlation id while its retries lasted: answered right = calls whose reply (to any"
            + " send) was correct; answered twice = a second reply to an answered call (its first send was answered"
            + " late, or a server saw the request twice); never answered = calls given up after their last retry;"
            + " late = a reply after that. Longest silence: the longest gap between two answers after the kill."
            + " Recovery: from the kill to the first answer to a call sent again (server), from the broker being"
            + " ready again to the first answer (broker). Broker's count: requests on the queue after the calls."
            + " Status ok = every call answered right in the end.";

    static final String ROLLBACKS_NOTE = "Every transacted client rolled back its n-th transactions. A publisher"
            + " sent a rolled-back batch again under the same sequence numbers (a rolled-back message that still"
            + " reached the queue is a duplicate); a consumer's rolled-back receipts went back to the broker, which"
            + " must deliver each again, flagged as redelivered, to be received once. Exact: no dup, no lost, and"
            + " redelivered = rolled-back receipts where the path flags redeliveries.";

    static final String DURABILITY_NOTE = "Broker: killed when the given number of messages was confirmed,"
            + " restarted on the same data, and the queue drained. A confirmed message that did not come back is a"
            + " durability violation; unconfirmed messages (in flight at the kill) may be lost or present; \"all:"
            + " none in flight\": the kill came after every message sent was confirmed. Leader:"
            + " the node of a cluster leading the queue was killed while the clients published; they failed over to"
            + " the other nodes by themselves (recovery: from the kill to the first confirmation after the silence);"
            + " the node was restarted and rejoined before the drain. SIGSTOP, partition, loss, delay, leader cut,"
            + " disk full: for the stated time the broker (or the leading node) stopped, the packets to and from its"
            + " ports dropped (all, or a share at random) or held back (a delay with jitter), the leader's links to"
            + " its followers dropped both ways, or its data filesystem had no space (it is then started again on"
            + " its data before the drain); then it went on (silence: the longest gap in the confirmations after it"
            + " began; recovery: from its end to the confirmation that ended that gap). Consumer:"
            + " the consumers ran as separate processes and one was killed mid-drain; the others must receive"
            + " everything it had not acknowledged (redelivered, so duplicates of what it had already reported are"
            + " expected).";
}
