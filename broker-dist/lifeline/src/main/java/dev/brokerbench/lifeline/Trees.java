package dev.brokerbench.lifeline;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Recursive delete, shared by the agent and the suite's own cleanup (this module has no dependencies). */
public final class Trees {
    private static final int ATTEMPTS = 5;

    private Trees() {
    }

    /**
     * Deletes {@code root} and everything below it; reports (never throws) what it could not delete. Tolerates
     * another deleter working on the same tree (RabbitMQ's two guards share an instance directory) and a dying
     * process still writing into it: an entry that vanished is skipped, and the walk is repeated a few times.
     */
    public static void delete(Path root) {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (root == null || !Files.exists(root)) {
                return;
            }
            try {
                walk(root);
                return;
            } catch (IOException e) {
                last = e;
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        System.err.println("brokerbench: could not delete " + root + ": " + last);
    }

    private static void walk(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                if (exc instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // deleted meanwhile by someone else
                }
                throw exc;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null && !(exc instanceof NoSuchFileException)) {
                    throw exc;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
