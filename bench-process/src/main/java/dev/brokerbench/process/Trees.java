package dev.brokerbench.process;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;

/** Recursive delete, shared by the lifeline and the suite's own cleanup. */
public final class Trees {
    private static final int ATTEMPTS = 5;

    private Trees() {
    }

    /**
     * Deletes {@code root} and everything below it; reports (never throws) what it could not delete. Tolerates
     * another deleter working on the same tree (RabbitMQ's two guards share an instance directory) and a dying
     * process still writing into it: an entry that vanished is skipped, and the walk is repeated a few times.
     *
     * @return whether {@code root} is gone
     */
    public static boolean delete(Path root) {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (root == null || !Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
                return true;
            }
            try {
                walk(root);
                return true;
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
        return false;
    }

    /**
     * Deletes {@code dir}'s parent if nothing else is left in it (the run's work directory, once its last instance is
     * gone). Another deleter may still be emptying a sibling (RabbitMQ's node and its epmd share one directory):
     * retried every 100 ms for up to {@code patience}, then left (other instances still live there).
     */
    public static void deleteParentOnceEmpty(Path dir, Duration patience) {
        Path parent = dir == null ? null : dir.getParent();
        if (parent == null) {
            return;
        }
        long attempts = 1 + patience.toMillis() / 100;
        for (long attempt = 1; attempt <= attempts; attempt++) {
            try {
                Files.deleteIfExists(parent);
                return;
            } catch (DirectoryNotEmptyException e) {
                if (attempt == attempts) {
                    return;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            } catch (IOException e) {
                System.err.println("brokerbench: " + e);
                return;
            }
        }
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
