package dev.brokerbench.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * How the suite writes a file: whole or not at all, on disk before it is named, and never through a link. The
 * content goes to a new temporary file of a random name in the target's directory, is forced to disk, and is renamed
 * over the target (a rename replaces a link planted there, it never writes through it); then the directory is forced,
 * so that the name survives a crash of the machine too.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static Path write(Path target, String content) {
        return write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws UncheckedIOException naming {@code target} when it cannot be written */
    public static Path write(Path target, byte[] content) {
        try {
            Path dir = directory(target.toAbsolutePath().getParent());
            Path tmp = Files.createTempFile(dir, ".", ".tmp");
            readableByAll(tmp);
            try {
                try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS)) {
                    ByteBuffer buffer = ByteBuffer.wrap(content);
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                    channel.force(true);
                }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            force(dir);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    /**
     * {@code dir}, made where it is missing; refused where it is a link (a link planted in an output directory would
     * send the suite's files elsewhere).
     *
     * @throws IOException when it cannot be made, or is a link or not a directory
     */
    public static Path directory(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(absolute)) {
            throw new IOException(dir + " is a symbolic link; the suite writes only into directories of its own");
        }
        if (!Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(absolute);
        }
        return absolute;
    }

    /**
     * rw-r--r--, as a plain file write makes them (a temporary file is made rw-------): results and reports are for
     * others to read; what they must not read, a password, is never in them.
     */
    private static void readableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its defaults hold
        }
    }

    /** Forces a directory's entries to disk (where the platform allows opening a directory). */
    public static void force(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every file system lets a directory be opened; the rename is still atomic
        }
    }
}
