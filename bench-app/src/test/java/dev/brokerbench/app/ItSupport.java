package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

/** Settings the build passes to integration tests. */
final class ItSupport {
    private ItSupport() {
    }

    static String scale() {
        return System.getProperty("brokerbench.it.scale", "0.002");
    }

    static Path benchJar() {
        String jar = System.getProperty("brokerbench.jar");
        assertThat(jar).as("system property brokerbench.jar (set by the build: run 'mvn verify')").isNotNull();
        return Path.of(jar);
    }
}
