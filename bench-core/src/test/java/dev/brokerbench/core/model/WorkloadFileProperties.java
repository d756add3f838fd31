package dev.brokerbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.brokerbench.core.io.JsonMutation;
import dev.brokerbench.core.result.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every built-in workload file, spoiled ({@link JsonMutation}, on its JSON form, which YAML reads too): it loads as a
 * workload whose names are safe as file names, or it is refused with one line naming the file; never another
 * exception.
 */
class WorkloadFileProperties {
    private static final List<Path> FILES = builtIn();

    @Provide
    Arbitrary<Path> files() {
        return Arbitraries.of(FILES);
    }

    @Provide
    Arbitrary<JsonMutation> mutations() {
        return JsonMutation.any();
    }

    @Property(tries = 500, seed = "44")
    void aSpoiledWorkloadLoadsWithSafeNamesOrIsRefusedInOneLine(@ForAll("files") Path file,
                                                                @ForAll("mutations") JsonMutation mutation)
            throws IOException {
        String json = Json.mapper().writeValueAsString(new ObjectMapper(new YAMLFactory()).readTree(file.toFile()));
        String spoiled = mutation.apply(json);
        Throwable thrown = catchThrowable(() -> {
            Workload w = new WorkloadLoader().load(file.getFileName().toString(),
                    file.getParent().getFileName().toString(), new ByteArrayInputStream(spoiled.getBytes(StandardCharsets.UTF_8)));
            assertThat(w.name()).matches(Names.SAFE);
            w.phases().forEach(p -> assertThat(p.name()).matches(Names.SAFE));
            w.scaled(0.01);
        });
        if (thrown instanceof AssertionError error) {
            throw error;
        }
        if (thrown != null) {
            assertThat(thrown).as(spoiled).isInstanceOf(InvalidConfigException.class);
            assertThat(thrown.getMessage()).startsWith(file.getFileName() + ": ").doesNotContain("\n");
        }
    }

    private static List<Path> builtIn() {
        try (Stream<Path> walk = Files.walk(Path.of("..", "workloads"))) {
            return walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
