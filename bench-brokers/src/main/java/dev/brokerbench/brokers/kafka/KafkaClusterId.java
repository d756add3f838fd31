package dev.brokerbench.brokers.kafka;

import java.security.SecureRandom;
import java.util.Base64;

/** A new cluster id as {@code kafka-storage random-uuid} prints it: 16 random bytes, URL-safe base64. */
final class KafkaClusterId {
    private static final SecureRandom RANDOM = new SecureRandom();

    private KafkaClusterId() {
    }

    static String random() {
        byte[] bytes = new byte[16];
        String id;
        do { // Kafka never hands out an id starting with '-' (a command line would read it as an option)
            RANDOM.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }
}
