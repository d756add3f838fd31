package dev.brokerbench.brokers.container;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;

/**
 * Which image runs a broker. Names and versions are pinned in the parent pom: the project's official image, and the
 * equivalent {@code docker/build-images.sh} builds with no registry. The user overrides per broker with the system
 * property {@code brokerbench.image.BROKER}, the environment variable {@code BROKERBENCH_IMAGE_BROKER} or
 * {@code bench run --image BROKER=NAME:TAG}.
 */
public final class BrokerImages {
    public static final String PROPERTY_PREFIX = "brokerbench.image.";
    private static final Properties PINNED = load();

    private BrokerImages() {
    }

    /**
     * The image and why it was chosen.
     *
     * @param image  e.g. {@code apache/activemq-artemis:2.44.0}
     * @param source {@code override}, {@code official} or {@code local build}
     */
    public record Choice(String image, String source) {
    }

    public static Optional<String> official(String brokerId) {
        return Optional.ofNullable(PINNED.getProperty(brokerId + ".official"));
    }

    public static Optional<String> localBuild(String brokerId) {
        return Optional.ofNullable(PINNED.getProperty(brokerId + ".local"));
    }

    public static Optional<String> override(String brokerId) {
        String property = System.getProperty(PROPERTY_PREFIX + brokerId);
        if (property != null && !property.isBlank()) {
            return Optional.of(property.trim());
        }
        String env = System.getenv("BROKERBENCH_IMAGE_" + brokerId.toUpperCase(Locale.ROOT));
        return env == null || env.isBlank() ? Optional.empty() : Optional.of(env.trim());
    }

    /**
     * The override; else the official image if the engine has it; else the local build if the engine has it; else the
     * official image (to be pulled) or, for a broker without one, the local build's name.
     */
    public static Choice choose(String brokerId, Predicate<String> present) {
        Optional<String> override = override(brokerId);
        if (override.isPresent()) {
            return new Choice(override.get(), "override");
        }
        Optional<String> official = official(brokerId);
        Optional<String> local = localBuild(brokerId);
        if (official.isPresent() && present.test(official.get())) {
            return new Choice(official.get(), "official");
        }
        if (local.isPresent() && present.test(local.get())) {
            return new Choice(local.get(), "local build");
        }
        return official.map(o -> new Choice(o, "official"))
                .orElseGet(() -> new Choice(local.orElseThrow(() -> new IllegalStateException(
                        "no image pinned for broker '" + brokerId + "' in images.properties")), "local build"));
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BrokerImages.class.getResourceAsStream("images.properties")) {
            if (in == null) {
                throw new IllegalStateException("images.properties missing from the classpath");
            }
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
