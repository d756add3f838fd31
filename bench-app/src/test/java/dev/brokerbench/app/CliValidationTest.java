package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.brokerbench.core.spi.Catalog;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one line naming the option and the allowed values, exit code 2, nothing written. */
class CliValidationTest {
    @TempDir
    Path tmp;

    @org.junit.jupiter.api.Test
    void refusesToMixTwoRunsInOneResultsDirectory() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("old-results"));
        Path old = Files.writeString(out.resolve("artemis__artemis-core-jms__c1.json"), "{}");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BenchCli.execute(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true, StandardCharsets.UTF_8), "run", "--out", out.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("bench run: --out: ").contains("is not empty");
        try (var left = Files.list(out)) {
            assertThat(left).containsExactly(old);
        }
    }

    @org.junit.jupiter.api.Test
    void aMetricsPortThatIsTakenIsAnErrorBeforeAnythingIsWritten() throws Exception {
        Path out = tmp.resolve("metrics-port-taken");
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = BenchCli.execute(new PrintStream(new ByteArrayOutputStream(), true),
                    new PrintStream(err, true, StandardCharsets.UTF_8), "run", "--broker", "artemis", "--case", "c1",
                    "--metrics-port", String.valueOf(taken.getLocalPort()), "--out", out.toString());
            assertThat(code).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8))
                    .startsWith("bench run: --metrics-port: cannot listen on 127.0.0.1:" + taken.getLocalPort());
        }
        assertThat(out).doesNotExist();
    }

    @org.junit.jupiter.api.Test
    void aPowerSeriesWithAShiftOutsideItsRangeIsRefusedBeforeAnythingIsWritten() {
        Path out = tmp.resolve("power");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BenchCli.execute(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true, StandardCharsets.UTF_8), "power", "--out", out.toString(), "--shifts",
                "0.1,1.5", "--", "--repeat", "3");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("bench power: --shifts: 1.5 is not in (0, 0.9]");
        assertThat(out).doesNotExist();
    }

    /** The expected text with {brokers} and {paths} as the catalog lists them: the registered ones, never a copy. */
    private static String registered(String expected) {
        Catalog catalog = Catalog.load();
        java.util.List<String> systems = new java.util.ArrayList<>(catalog.brokerIds());
        systems.addAll(catalog.baselineIds());
        return expected.replace("{brokers}", String.join(", ", systems))
                .replace("{paths}", String.join(", ", catalog.pathIds()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--broker rabbit               | --broker: unknown value 'rabbit'; allowed: {brokers}, all, baselines",
            "--case c9                     | --case: unknown value 'c9'; allowed: b1, c1, c2, c3, c4, c5, c6, f1, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f2, f20, f3, f4, f5, f6, f7, f8, f9, l1, l2, l3, m1, o1, o2, r1, r2, r3, r4, r5, s1, t1, t2, w1, w2, w3, w4, w5, w6, w7, x1, x2, x3, acks, all, faults, live, rpc, selectors, sendreceive, topics, traffic, transactions",
            "--case 7                      | --case: unknown value '7'; allowed: b1, c1, c2, c3, c4, c5, c6,",
            "--sweep size=1,2              | --sweep: 'size=1,2' is not VAR=VALUES with VAR one of payloadBytes, clients, messages, ratePercent, subscribers, matchingPercent, ackBatch",
            "--sweep clients=1,4           | --sweep: none of the selected cases sweeps clients",
            "--case r2 --sweep clients=4..1 | --sweep: field '--sweep clients' range must be from..to/step",
            "--case r2 --sweep clients=a,b | --sweep: field '--sweep clients' must be numbers and ranges like 1,32..4096/32",
            "--case r2 --sweep clients=0   | --sweep: field 'clients' must be 1..1024, got 0",
            "--case c1 --sizes 2048        | --sizes: field 'sizes' must list at least two sizes (one size is payloadBytes), got 1",
            "--case c1 --sizes @no-such-lengths.txt | --sizes: field 'sizes': no-such-lengths.txt cannot be read as lines of text (NoSuchFileException: no-such-lengths.txt)",
            "--case c1 --random-bytes-ratio 2 | --random-bytes-ratio: field 'randomBytesRatio' must be 0..1 (the random share of each body; 1 = all random), got 2.0",
            "--case c1 --random-bytes-ratio x | --random-bytes-ratio: field 'randomBytesRatio' must be a number 0..1, got x",
            "--case r1 --sizes 1:1,2:1     | --sizes: case r1: field 'sweep.variable' payloadBytes cannot be swept in a case with a size mix (sizes), got 1:1,2:1",
            "--case c5 --processing 2      | --processing: field 'processing' must give a unit (us, ms or s) to each time, e.g. \"2ms\", got 2",
            "--case r2 --processing 2ms    | --processing: case r2: field 'processing' applies to consumers of a queue or topic (a call's servers answer at once), got 2ms",
            "--case c1 --queues ten        | --queues: field 'destinations' must be N (queues, a consumer each) or NxK (K consumers each), e.g. 100 or 10x2, got ten",
            "--case c1 --queues 2000       | --queues: field 'destinations.queues' must be 1..1024, got 2000",
            "--case t1 --queues 10         | --queues: case t1: field 'destinations' needs a queue case without a fault or selector, or a live case on queues (not a topic), got live topic",
            "--case x1 --queues 10         | --queues: case x1: field 'destinations' cannot take a transacted publish",
            "--omb-workload nope.yaml      | --omb-workload: nope.yaml is not a file",
            "--omb-workload ../omb-workloads/max-rate-1kb.yaml --case c1 | --omb-workload: runs the file's workload alone; leave out --case",
            "--case c1 --omb-results ../README.md | --omb-results: ../README.md is not a directory",
            "--client jdbc                 | --client: unknown value 'jdbc'; allowed: {paths}",
            "--scale 0                     | --scale: must be > 0",
            "--scale -1                    | --scale: must be > 0",
            "--scale abc                   | Invalid value for option '--scale'",
            "--heap lots                   | --heap: 'lots' is not a heap size",
            "--heap-policy tiny            | --heap-policy: 'tiny' is not a heap policy; use fixed or growing",
            "--cpus half                   | --cpus: 'half' is not a placement; use shared or split",
            "--start-timeout 1             | --start-timeout: must be 5..3600, got 1",
            "--jmh --jmh-iterations 0      | --jmh-iterations: must be 1..100, got 0",
            "--jmh --jmh-warmup-forks 11   | --jmh-warmup-forks: must be 0..10, got 11",
            "--jmh --jmh-drains 0          | --jmh-drains: must be 1..1000, got 0",
            "--runtime docker              | --runtime: unknown value 'docker'; allowed: auto, local, container, external",
            "--cpus split                  | --cpus split places local broker processes: use it with --runtime local",
            "--network wan                 | --network: 'wan' is not a placement; allowed: loopback, namespace",
            "--network namespace           | --network namespace: only with --runtime local",
            "--runtime local --added-rtt 1ms | --added-rtt: shapes the link to a broker on its own network stack; add --network namespace",
            "--runtime local --network namespace --added-rtt 1s | --added-rtt: '1s' is not a duration; use e.g. 1ms or 500us",
            "--runtime local --network namespace --added-rtt 2000ms | --added-rtt: 2000ms is more than the allowed 0..1000ms",
            "--runtime local --network namespace --link-rate fast | --link-rate: 'fast' is not a link rate; use e.g. 500kbit, 100mbit or 1gbit (64kbit..100gbit)",
            "--image artemis               | --image: 'artemis' is not BROKER=IMAGE with BROKER one of artemis, activemq, rabbitmq, apollo",
            "--image nats=nats:2.10        | --image: 'nats=nats:2.10' is not BROKER=IMAGE",
            "--url artemis=core://h:61616  | --url: only with --runtime external",
            "--runtime external            | --url: --runtime external needs at least one URL for each broker selected; none for 'artemis'",
            "--runtime external --url artemis=http://h:80 | --url: ActiveMQ Artemis has no protocol 'http'; allowed: amqp, core, openwire, stomp",
            "--runtime external --url artemis=core://h:99999 | --url: 'artemis=core://h:99999' is not BROKER=PROTOCOL[+tls]://HOST:PORT",
            "--runtime external --url artemis:core://h:1 | --url: 'artemis:core://h:1' is not BROKER=PROTOCOL[+tls]://HOST:PORT",
            "--runtime external --url artemis=core+ssl://h:1 | --url: 'artemis=core+ssl://h:1' is not BROKER=PROTOCOL[+tls]://HOST:PORT",
            "--runtime external --url artemis=core+tls://h:1 --trust-store /no/such.p12 | --trust-store: no such file: /no/such.p12",
            "--trust-store-password-env HOME | --trust-store: the stores are for brokers reached over TLS",
            "--runtime external --url artemis=core+tls://h:1 --trust-store-password-env HOME | --trust-store-password-env: a password for --trust-store, which was not given",
            "--runtime external --url artemis=core+tls://h:1 --key-store-password-env NO_SUCH_VARIABLE_4411 | --key-store-password-env: the environment variable 'NO_SUCH_VARIABLE_4411' is not set",
            "--user admin                  | --user: credentials are for a broker you run: give --jndi FILE or --runtime external with --url",
            "--runtime external --url kafka=kafka://h:1 --user a --sasl-mechanism GSSAPI | --sasl-mechanism: 'GSSAPI' is not one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512",
            "--runtime external --url kafka=kafka://h:1 --sasl-mechanism PLAIN | --sasl-mechanism: a SASL mechanism logs a user in; give --user with it",
            "--runtime external --broker artemis --url artemis=core://127.0.0.1:1 --client artemis-core-jms,qpid-jms --user a --sasl-mechanism scram-sha-256 | --sasl-mechanism: client path artemis-core-jms cannot be told a SASL mechanism; paths that can log in with SCRAM-SHA-256: qpid-jms, kafka-clients, kafka-share (narrow --client)",
            "--provider-jar x.jar          | --provider-jar: the jars of a provider given with --jndi FILE; no --jndi given",
            "--runtime external --url stomp=amqp://h:1 | --url: STOMP server has no protocol 'amqp'; allowed: stomp",
            "--runtime external --broker stomp --url stomp=stomp://127.0.0.1:1 | --url: external STOMP server does not accept connections on stomp://127.0.0.1:1",
            "--window-min-ms -1            | --window-min-ms: must be 0..60000, got -1",
            "--max-steal 0                 | --max-steal: must be 1..100, got 0",
            "--steal-retries 6             | --steal-retries: must be 0..5, got 6",
            "--repeat 0                    | --repeat: must be 1..100, got 0",
            "--repeat 101                  | --repeat: must be 1..100, got 101",
            "--seed x                      | Invalid value for option '--seed'",
            "--duration 0                  | --duration: must be 1..3600, got 0",
            "--metrics-port 70000          | --metrics-port: must be 1..65535, got 70000",
            "--warmup-seconds 601          | --warmup-seconds: must be 0..600, got 601",
            "--slowdown artemis-core-jms=1 | --slowdown: artemis-core-jms=1 is not PATH=FRACTION, PATH one of",
            "--slowdown kafka=0.2          | --slowdown: kafka=0.2 is not PATH=FRACTION, PATH one of",
            "--jmh --jmh-payloads 1k       | --jmh-payloads: '1k' is not a comma-separated list of byte counts",
            "--jmh --jmh-benchmarks drain,x | --jmh-benchmarks: unknown value 'x'; allowed: publishSync, publishAsync, drain",
            "--jmh --jmh-paths some        | '--jmh-paths': expected one of [NATIVE, ALL] (case-insensitive) but was 'some'",
            "--data-dir /no/such/dir       | --data-dir: /no/such/dir is not a directory",
            "--data-dir /dev/shm           | --data-dir: /dev/shm is on tmpfs, where fsync does nothing",
            "--shard 0/2                   | --shard-group: a sharded run needs a group name of 1-40 letters",
            "--shard 0/2 --shard-group a/b | --shard-group: a sharded run needs a group name of 1-40 letters",
            "--shard 2/2 --shard-group g   | --shard: shard index must be 0..1 of 2, got 2",
            "--shard 0/1 --shard-group g   | --shard: N must be at least 2",
            "--shard half --shard-group g  | --shard: a shard is I/N: its 0-based index I of N shards (e.g. 0/2), got half",
            "--shard-group g               | --shard-group: only with --shard I/N",
            "--shard 0/2 --shard-group g --shard-wait 0 | --shard-wait: must be 1..3600, got 0",
            "--shard 0/2 --shard-group g   | --shard: the shards must share one broker, which none of them starts",
            "--shard 0/2 --shard-group g --runtime external --url artemis=core://h:1 --duration 5 | --shard: not with --duration",
            "--shard 0/2 --shard-group g --runtime external --url artemis=core://h:1 --warmup-seconds 3 | --shard: not with --warmup-seconds",
            "--colour blue                 | Unknown options: '--colour'"})
    void rejectsBadInputWithOneLineAndExitCode2(String args, String expected) {
        Path out = tmp.resolve("results");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        String[] argv = (("run --out " + out + " ") + args.trim()).split("\\s+");

        int code = BenchCli.execute(new PrintStream(stdout, true), new PrintStream(err, true, StandardCharsets.UTF_8),
                argv);

        String message = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(message.lines().count()).as(message).isEqualTo(1);
        assertThat(message).startsWith("bench run: ").contains(registered(expected));
        assertThat(Files.exists(out)).as("nothing written").isFalse();
    }
}
