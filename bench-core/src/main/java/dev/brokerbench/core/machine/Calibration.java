package dev.brokerbench.core.machine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;

/**
 * What this machine can do, measured at the start of every run, so that results from two machines can be set side
 * by side: the disk's synchronous-write rate where the brokers keep their data (the ceiling of any broker that
 * syncs each message: what Artemis' {@code perf-journal} measures when an instance is created), the loopback
 * round trip and throughput the clients and brokers talk over, and the cores.
 *
 * @param cores              processors available to the suite's JVM
 * @param fsyncPerSecond     4 KiB writes each followed by a data sync (fdatasync), per second, in the data directory
 * @param fsyncP50Micros     median time of one write + sync
 * @param loopbackRttMicros  median round trip of 1 byte over a loopback TCP connection (TCP_NODELAY)
 * @param loopbackMBPerSec   one-way throughput of a loopback TCP connection, MB/s (10^6 bytes)
 * @param directory          where the sync rate was measured
 */
public record Calibration(int cores, double fsyncPerSecond, double fsyncP50Micros, double loopbackRttMicros,
                          double loopbackMBPerSec, String directory) {
    private static final int BLOCK = 4096;

    /** Measures for about {@code 3 x each}: sync writes in {@code dataDir}, then loopback round trips and throughput. */
    public static Calibration measure(Path dataDir, Duration each) {
        try {
            double[] sync = fsync(dataDir, each);
            double[] loop = loopback(each);
            return new Calibration(Runtime.getRuntime().availableProcessors(), round(sync[0]), round(sync[1]),
                    round(loop[0]), round(loop[1]), dataDir.toAbsolutePath().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot calibrate the machine in " + dataDir, e);
        }
    }

    /** {syncs per second, median micros}. */
    private static double[] fsync(Path dir, Duration each) throws IOException {
        Path file = Files.createTempFile(dir, "calibration-", ".dat");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
            long[] micros = new long[1 << 20];
            int n = 0;
            long start = System.nanoTime();
            long end = start + each.toNanos();
            long now = start;
            while (now < end && n < micros.length) {
                block.clear();
                ch.write(block, (long) (n % 256) * BLOCK); // a 1 MiB file written round and round, like a journal
                ch.force(false);
                long t = System.nanoTime();
                micros[n++] = (t - now) / 1000;
                now = t;
            }
            return new double[] {n / ((now - start) / 1e9), median(micros, n)};
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** {median round trip micros, MB/s}. */
    private static double[] loopback(Duration each) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback)) {
            Thread echo = new Thread(() -> serve(server), "calibration-echo");
            echo.setDaemon(true);
            echo.start();
            try (Socket s = new Socket(loopback, server.getLocalPort())) {
                s.setTcpNoDelay(true);
                OutputStream out = s.getOutputStream();
                InputStream in = s.getInputStream();
                out.write('P'); // ping mode
                long[] micros = new long[1 << 20];
                int n = 0;
                long end = System.nanoTime() + each.toNanos();
                while (System.nanoTime() < end && n < micros.length) {
                    long t = System.nanoTime();
                    out.write(1);
                    if (in.read() < 0) {
                        throw new IOException("the echo closed");
                    }
                    micros[n++] = (System.nanoTime() - t) / 1000;
                }
                out.write(0); // stream mode from here
                byte[] chunk = new byte[64 * 1024];
                long bytes = 0;
                long start = System.nanoTime();
                end = start + each.toNanos();
                while (System.nanoTime() < end) {
                    out.write(chunk);
                    bytes += chunk.length;
                }
                s.shutdownOutput();
                in.read(); // the echo's acknowledgement that it read everything
                double seconds = (System.nanoTime() - start) / 1e9;
                return new double[] {median(micros, n), bytes / seconds / 1e6};
            }
        }
    }

    /** Echoes single bytes until a 0, then reads everything and answers one byte at the end of the stream. */
    private static void serve(ServerSocket server) {
        try (Socket s = server.accept()) {
            s.setTcpNoDelay(true);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            in.read(); // mode byte
            int b;
            while ((b = in.read()) > 0) {
                out.write(b);
            }
            byte[] sink = new byte[64 * 1024];
            while (in.read(sink) >= 0) {
                // drain
            }
            out.write(1);
            out.flush();
        } catch (IOException e) {
            // the client saw it fail
        }
    }

    private static double median(long[] values, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted[n / 2];
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** One line for a console or a report. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%d cores; disk: %,.0f syncs/s (4 KiB write + fdatasync, median"
                + " %,.0f µs) in %s; loopback TCP: %,.0f µs round trip, %,.0f MB/s", cores, fsyncPerSecond,
                fsyncP50Micros, directory, loopbackRttMicros, loopbackMBPerSec);
    }
}
