package dev.brokerbench.jms.jndi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provider's classes come from its jars only; the Jakarta Messaging API is the suite's. */
class ProviderClassLoaderTest {
    private static Path jarOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void theProvidersClassesAreItsOwnAndTheApiIsShared() throws Exception {
        try (ProviderClassLoader loader = ProviderClassLoader.of(List.of(jarOf(JmsConnectionFactory.class)))) {
            Class<?> provided = loader.loadClass(JmsConnectionFactory.class.getName());
            assertThat(provided).as("loaded again from the jar, not the suite's copy")
                    .isNotSameAs(JmsConnectionFactory.class);
            assertThat(provided.getClassLoader()).isSameAs(loader);
            assertThat(jakarta.jms.ConnectionFactory.class.isAssignableFrom(provided))
                    .as("its ConnectionFactory interface is the suite's").isTrue();
            assertThat(loader.loadClass("jakarta.jms.Message")).isSameAs(jakarta.jms.Message.class);
        }
    }

    @Test
    void classesOfTheSuiteThatAreNotInTheJarsAreNotVisible() throws Exception {
        try (ProviderClassLoader loader = ProviderClassLoader.of(List.of(jarOf(JmsConnectionFactory.class)))) {
            assertThatThrownBy(() -> loader.loadClass("org.apache.qpid.proton.amqp.Symbol"))
                    .as("proton-j is the suite's dependency, not among the jars given")
                    .isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void aDirectoryGivesItsJarsAndBadPathsAreNamed(@TempDir Path dir) throws Exception {
        Path jar = Files.copy(jarOf(JmsConnectionFactory.class), dir.resolve("provider.jar"));
        Files.writeString(dir.resolve("README.txt"), "not a jar");
        try (ProviderClassLoader loader = ProviderClassLoader.of(List.of(dir))) {
            assertThat(loader.jars()).containsExactly(jar.toAbsolutePath());
        }
        Path missing = dir.resolve("missing.jar");
        assertThatThrownBy(() -> ProviderClassLoader.of(List.of(missing)))
                .hasMessageContaining(missing + " does not exist");
        assertThatThrownBy(() -> ProviderClassLoader.of(List.of(dir.resolve("README.txt"))))
                .hasMessageContaining("is not a .jar file");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThatThrownBy(() -> ProviderClassLoader.of(List.of(empty)))
                .hasMessageContaining("is a directory without .jar files");
    }
}
