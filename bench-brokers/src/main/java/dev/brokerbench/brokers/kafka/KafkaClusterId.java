package dev.brokerbench.brokers.kafka;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

/** A cluster id as {@code kafka-storage random-uuid} prints it: 16 bytes, URL-safe base64 without padding. */
final class KafkaClusterId {
    private KafkaClusterId() {
    }

    /** A new random id. */
    static String random() {
        return of(UUID.randomUUID());
    }

    /** The same id for the same {@code seed} (a container instance's restarts find their log formatted for it). */
    static String stable(String seed) {
        return of(UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)));
    }

    private static String of(UUID uuid) {
        byte[] bytes = ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits()).array();
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        // Kafka never hands out an id starting with '-' (a command line would read it as an option)
        return id.startsWith("-") ? "A" + id.substring(1) : id;
    }
}
