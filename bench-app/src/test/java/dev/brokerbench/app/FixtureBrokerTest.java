package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adding a broker and a client path is their own package and one registration: the in-memory fixture
 * ({@code dev.brokerbench.app.fixture}), registered only in the test resource {@code fixture-registration/}, appears
 * in {@code bench list}, the capability matrix and the option errors, and runs cases, with no other file naming it.
 */
class FixtureBrokerTest {
    @TempDir
    Path tmp;

    /** Runs the CLI with the fixture's registration visible to the ServiceLoader (the context class loader). */
    private static ItSupport.Cli withFixture(Supplier<ItSupport.Cli> body) {
        URL registration = FixtureBrokerTest.class.getResource("/fixture-registration/");
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {registration}, original)) {
            thread.setContextClassLoader(loader);
            return body.get();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            thread.setContextClassLoader(original);
        }
    }

    @Test
    void listedWithItsPathAndInTheCapabilityMatrix() {
        ItSupport.Cli list = withFixture(() -> ItSupport.bench("list"));
        assertThat(list.code()).isZero();
        assertThat(list.text()).contains("In-memory fixture broker", "inmemory-path",
                "Test-only path to the in-memory fixture broker");
        ItSupport.Cli markdown = withFixture(() -> ItSupport.bench("list", "--markdown"));
        assertThat(markdown.text())
                .contains("| inmemory | inmemory-path | inmemory | yes | yes | yes | yes | yes | yes | yes | no* | yes | yes |")
                .contains("- inmemory / inmemory-path / reconnect: the in-memory broker is never restarted");
        assertThat(ItSupport.bench("list").text()).as("without its registration").doesNotContain("inmemory");
    }

    @Test
    void namedInTheAllowedValuesOfTheOptions() {
        ItSupport.Cli refused = withFixture(() -> ItSupport.bench("run", "--broker", "nosuch"));
        assertThat(refused.code()).isEqualTo(BenchCli.EXIT_USAGE);
        assertThat(refused.text()).contains("--broker").contains("inmemory");
        ItSupport.Cli path = withFixture(() -> ItSupport.bench("run", "--client", "nosuch"));
        assertThat(path.code()).isEqualTo(BenchCli.EXIT_USAGE);
        assertThat(path.text()).contains("--client").contains("inmemory-path");
    }

    @Test
    void runsCasesThroughItsPath() {
        Path out = tmp.resolve("run");
        ItSupport.Cli run = withFixture(() -> ItSupport.bench("run", "--broker", "inmemory", "--case", "c1,c5",
                "--runtime", "local", "--scale", "0.001", "--warmup-seconds", "0", "--steal-retries", "0",
                "--no-progress", "--out", out.toString()));
        assertThat(run.code()).isZero();
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath() + "/"
                + r.workload().name()).containsExactlyInAnyOrder("inmemory/inmemory-path/c1", "inmemory/inmemory-path/c5");
        assertThat(results).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(Status.OK);
            assertThat(r.accounting().received()).isEqualTo(r.accounting().sent()).isPositive();
        });
    }
}
