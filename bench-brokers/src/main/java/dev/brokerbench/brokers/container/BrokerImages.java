package dev.brokerbench.brokers.container;

import dev.brokerbench.core.broker.BrokerDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;

/**
 * The images that can run one broker, tagged with the broker version pinned in the parent pom: the project's official
 * image where one exists, and the equivalent {@code docker/build-images.sh} builds with no registry, always named
 * {@code brokerbench/BROKER:VERSION} (the script derives the same name from the broker's recipe). The user overrides
 * per broker with the system property {@code brokerbench.image.BROKER}, the environment variable
 * {@code BROKERBENCH_IMAGE_BROKER} or {@code bench run --image BROKER=NAME:TAG}.
 *
 * @param brokerId        the broker's id
 * @param versionProperty the parent pom property holding the broker's version, e.g. {@code artemis.version}
 * @param official        the official image, e.g. {@code apache/activemq-artemis:2.44.0}
 * @param localBuild      the image built here, e.g. {@code brokerbench/artemis:2.44.0}
 */
public record BrokerImages(String brokerId, String versionProperty, Optional<String> official, String localBuild) {
    public static final String PROPERTY_PREFIX = "brokerbench.image.";
    /** Every property of the parent pom, written into the jar by the build (properties-maven-plugin). */
    private static final Properties PINNED = load();

    /**
     * The image and why it was chosen.
     *
     * @param image  e.g. {@code apache/activemq-artemis:2.44.0}
     * @param source {@code override}, {@code official} or {@code local build}
     */
    public record Choice(String image, String source) {
    }

    /** A broker with an official image in {@code officialRepository}, tagged like the local build. */
    public static BrokerImages withOfficial(BrokerDescriptor broker, String versionProperty,
                                            String officialRepository) {
        String version = pinnedVersion(versionProperty);
        return new BrokerImages(broker.id(), versionProperty, Optional.of(officialRepository + ":" + version),
                localName(broker.id(), version));
    }

    /** A broker with no official image: only the local build runs it. */
    public static BrokerImages localOnly(BrokerDescriptor broker, String versionProperty) {
        return new BrokerImages(broker.id(), versionProperty, Optional.empty(),
                localName(broker.id(), pinnedVersion(versionProperty)));
    }

    /** These images, run as {@code broker} (another setting of the same broker, e.g. Kafka with fsync). */
    public BrokerImages as(BrokerDescriptor broker) {
        return new BrokerImages(broker.id(), versionProperty, official, localBuild);
    }

    /** The value of a property of the parent pom. */
    static String pinnedVersion(String property) {
        String value = PINNED.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("versionProperty '" + property + "' is not a property of the parent pom");
        }
        return value;
    }

    private static String localName(String brokerId, String version) {
        return "brokerbench/" + brokerId + ":" + version;
    }

    public Optional<String> override() {
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
    public Choice choose(Predicate<String> present) {
        Optional<String> override = override();
        if (override.isPresent()) {
            return new Choice(override.get(), "override");
        }
        if (official.isPresent() && present.test(official.get())) {
            return new Choice(official.get(), "official");
        }
        if (present.test(localBuild)) {
            return new Choice(localBuild, "local build");
        }
        return official.map(o -> new Choice(o, "official")).orElseGet(() -> new Choice(localBuild, "local build"));
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BrokerImages.class.getResourceAsStream("pinned.properties")) {
            if (in == null) {
                throw new IllegalStateException("pinned.properties missing from the classpath (written by the build)");
            }
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
