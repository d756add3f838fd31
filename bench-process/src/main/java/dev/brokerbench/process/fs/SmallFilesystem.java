package dev.brokerbench.process.fs;

import dev.brokerbench.process.Commands;
import dev.brokerbench.process.Cleanup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A filesystem of its own for a broker's data: an ext4 image of a stated size beside the directory, mounted on it
 * through a loop device, so that the broker can run out of space without touching the machine's disk; and a filler
 * file that takes every free byte of it (the disk full) until it is deleted again (space returns).
 *
 * <p>Nothing outlives the suite: {@link #close()} (also at JVM exit) unmounts it (lazily when a process still holds
 * it: the loop device goes once they are gone) and deletes the image, and a watcher process holding a pipe from this
 * JVM does the same after a SIGKILL of the suite.
 */
public final class SmallFilesystem implements AutoCloseable {
    private static final Map<Path, SmallFilesystem> MOUNTED = new ConcurrentHashMap<>();
    private static final String FILLER = "brokerbench-disk-filler";
    /** mkfs, fallocate and mount of a 256 MB image may take a while on a slow disk. */
    private static final java.time.Duration DISK_COMMAND_TIMEOUT = java.time.Duration.ofSeconds(60);
    private final Path dir;
    private final Path image;
    private final long bytes;
    private final Process watcher;
    private boolean closed;

    private SmallFilesystem(Path dir, Path image, long bytes, Process watcher) {
        this.dir = dir;
        this.image = image;
        this.bytes = bytes;
        this.watcher = watcher;
    }

    /** Empty when a small filesystem can be made here; otherwise why not. */
    public static Optional<String> unavailableReason() {
        for (String tool : List.of("mount", "umount", "mountpoint", "mkfs.ext4", "fallocate", "setsid")) {
            if (!Commands.onPath(tool)) {
                return Optional.of("no '" + tool + "' on PATH (apt-get install mount e2fsprogs util-linux)");
            }
        }
        if (!Files.exists(Path.of("/dev/loop-control"))) {
            return Optional.of("no loop devices here (/dev/loop-control missing)");
        }
        return "root".equals(System.getProperty("user.name")) ? Optional.empty()
                : Optional.of("mounting a filesystem needs root");
    }

    /**
     * Mounts a new ext4 filesystem of {@code bytes} on {@code dir} (an empty directory), its image beside it.
     *
     * @throws IOException when it cannot be made or mounted (nothing is left behind)
     */
    public static SmallFilesystem mount(Path dir, long bytes) throws IOException {
        Path image = dir.resolveSibling(dir.getFileName() + ".ext4");
        Process watcher = dev.brokerbench.process.lifeline.ExitWatch.run(removeScript(dir, image));
        SmallFilesystem fs = new SmallFilesystem(dir, image, bytes, watcher);
        Cleanup.register(fs::close);
        try {
            Commands.run(List.of("fallocate", "-l", Long.toString(bytes), image.toString()), DISK_COMMAND_TIMEOUT);
            // -m 0: no blocks kept for root
            Commands.run(List.of("mkfs.ext4", "-q", "-F", "-m", "0", image.toString()), DISK_COMMAND_TIMEOUT);
            Commands.run(List.of("mount", "-o", "loop", image.toString(), dir.toString()), DISK_COMMAND_TIMEOUT);
            Files.deleteIfExists(dir.resolve("lost+found"));
            MOUNTED.put(dir, fs);
            return fs;
        } catch (IOException | RuntimeException e) {
            fs.close();
            throw e;
        }
    }

    /** The filesystems this suite mounted on {@code dir} or a directory below it. */
    public static List<SmallFilesystem> under(Path dir) {
        return MOUNTED.entrySet().stream().filter(e -> e.getKey().startsWith(dir)).map(Map.Entry::getValue)
                .toList();
    }

    /** The directory it is mounted on. */
    public Path directory() {
        return dir;
    }

    /** Its size, as asked for. */
    public long bytes() {
        return bytes;
    }

    /** Bytes still free on it. */
    public long freeBytes() throws IOException {
        return Files.getFileStore(dir).getUsableSpace();
    }

    /**
     * Takes the free space but {@code leftBytes} with a filler file (0: every byte; the next write that needs a new
     * block fails with ENOSPC). Closing what it returns deletes the filler: the space returns.
     */
    public AutoCloseable fill(long leftBytes) throws IOException {
        Path filler = dir.resolve(FILLER);
        try {
            // most of it in one call; ext4 refuses a single extent of every free byte (its metadata needs some)
            long most = freeBytes() - leftBytes - FALLOCATE_MARGIN;
            if (most > 0) {
                Commands.run(List.of("fallocate", "-l", Long.toString(most), filler.toString()),
                        DISK_COMMAND_TIMEOUT);
            }
            // the rest by writing until only leftBytes are free, or the disk refuses
            try (var out = Files.newOutputStream(filler, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND)) {
                byte[] block = new byte[64 << 10];
                while (freeBytes() > leftBytes) {
                    out.write(block, 0, (int) Math.min(block.length, Math.max(4096, freeBytes() - leftBytes)));
                    out.flush();
                }
            } catch (IOException full) {
                // the disk is full: what was asked for when leftBytes is 0
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(filler); // a fill that failed must not leave the disk full
            throw e;
        }
        return () -> Files.deleteIfExists(filler);
    }

    /** What the single fallocate leaves for the writes after it to take. */
    private static final long FALLOCATE_MARGIN = 8L << 20;

    /** Unmounts it and deletes its image. Never throws. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        MOUNTED.remove(dir);
        try {
            Commands.run(List.of("sh", "-c", removeScript(dir, image)), DISK_COMMAND_TIMEOUT);
        } catch (IOException e) {
            System.err.println("brokerbench: could not unmount " + dir + ": " + e.getMessage());
        }
        dev.brokerbench.process.lifeline.ExitWatch.cancel(watcher);
    }

    /** Unmounts (lazily if it is busy) and deletes the image; never fails. */
    private static String removeScript(Path dir, Path image) {
        String d = quote(dir);
        return "if mountpoint -q " + d + "; then umount " + d + " 2>/dev/null || umount -l " + d
                + " 2>/dev/null; fi; rm -f " + quote(image) + "; exit 0";
    }

    private static String quote(Path p) {
        return "'" + p.toAbsolutePath().toString().replace("'", "'\\''") + "'";
    }
}
