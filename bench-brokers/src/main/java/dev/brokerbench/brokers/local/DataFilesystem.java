package dev.brokerbench.brokers.local;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The filesystem under a broker's data. On a memory filesystem fsync returns at once: a persistent, synced broker
 * there measures RAM, not durability, so the suite refuses it unless the user says it means it.
 */
public final class DataFilesystem {
    /** Filesystem types that keep data in memory only. */
    public static final Set<String> IN_MEMORY = Set.of("tmpfs", "ramfs");

    private DataFilesystem() {
    }

    /** e.g. {@code ext4 (/dev/vda)}, or why it is unknown. */
    public static String describe(Path dir) {
        try {
            FileStore store = Files.getFileStore(existing(dir));
            return store.type() + " (" + store.name() + ")";
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** The in-memory filesystem type under {@code dir}, if it is one. */
    public static Optional<String> inMemory(Path dir) {
        try {
            String type = Files.getFileStore(existing(dir)).type().toLowerCase(Locale.ROOT);
            return IN_MEMORY.contains(type) ? Optional.of(type) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The nearest existing ancestor (a work directory may not have been created yet). */
    private static Path existing(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? dir.toAbsolutePath().getRoot() : p;
    }
}
