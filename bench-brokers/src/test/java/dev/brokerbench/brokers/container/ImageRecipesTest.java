package dev.brokerbench.brokers.container;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every registered container runtime's image has a recipe for docker/build-images.sh (two settings of one broker may
 * share one), and the recipe tags the image with
 * the same pom property the runtime does, so that the image the script builds is the image the runtime looks for.
 */
class ImageRecipesTest {
    private static final Path DOCKER = Path.of("..", "docker");
    private static final Pattern BROKER = Pattern.compile("(?m)^BROKER=(\\S+)$");
    private static final Pattern VERSION = Pattern.compile("(?m)^VERSION=\"\\$\\(pinned (\\S+)\\)\"$");

    private record Recipe(Path file, String broker, Optional<String> versionProperty) {
    }

    @Test
    void everyContainerRuntimeHasARecipeTaggedByTheSameProperty() throws IOException {
        Map<String, Recipe> recipes = recipes();
        Map<String, String> runtimes = Catalog.load().runtimes(RuntimeKind.CONTAINER).stream()
                .map(ContainerBrokerRuntime.class::cast)
                .collect(Collectors.toMap(ImageRecipesTest::imageName, r -> r.images().versionProperty(),
                        (a, b) -> a, TreeMap::new));
        assertThat(runtimes).as("registered container runtimes").isNotEmpty();
        assertThat(recipes.keySet()).as("brokers with a recipe under docker/").isEqualTo(runtimes.keySet());
        runtimes.forEach((broker, property) -> assertThat(recipes.get(broker).versionProperty())
                .as("VERSION=\"$(pinned PROPERTY)\" in %s", recipes.get(broker).file())
                .contains(property));
    }

    /** The name the runtime's local image is built under (brokerbench/NAME:VERSION): the recipe's BROKER. */
    private static String imageName(ContainerBrokerRuntime runtime) {
        String image = runtime.images().localBuild();
        return image.substring(image.indexOf('/') + 1, image.lastIndexOf(':'));
    }

    private static Map<String, Recipe> recipes() throws IOException {
        Map<String, Recipe> recipes = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(DOCKER)) {
            for (Path dir : dirs.sorted().toList()) {
                Path file = dir.resolve("recipe");
                if (Files.isRegularFile(file)) {
                    String text = Files.readString(file);
                    Matcher broker = BROKER.matcher(text);
                    assertThat(broker.find()).as("BROKER=ID in %s", file).isTrue();
                    Matcher version = VERSION.matcher(text);
                    recipes.put(broker.group(1), new Recipe(file, broker.group(1),
                            version.find() ? Optional.of(version.group(1)) : Optional.empty()));
                }
            }
        }
        return recipes;
    }
}
