package dev.brokerbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A variable a password was read from reaches no child; the others still do. */
class ChildEnvironmentTest {
    @Test
    void aWithheldVariableReachesNoChild() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("env");
        builder.environment().put("BROKERBENCH_TEST_PASSWORD", "s3cret"); // as if inherited from the suite's own
        builder.environment().put("BROKERBENCH_TEST_OTHER", "kept");
        ChildEnvironment.withhold("BROKERBENCH_TEST_PASSWORD");
        Process child = ChildEnvironment.clean(builder).start();
        String env = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        child.waitFor();
        assertThat(env).doesNotContain("s3cret").contains("BROKERBENCH_TEST_OTHER=kept");
    }
}
