package dev.brokerbench.core.broker.gc;

import com.microsoft.gctoolkit.GCToolKit;
import com.microsoft.gctoolkit.io.SingleGCLogFile;
import com.microsoft.gctoolkit.online.statistics.NotEnoughSampleException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads the pauses of a broker's GC log with Microsoft's GCToolKit: the unified logging a JDK 9+ broker writes with
 * {@code -Xlog:gc*} and the {@code time} decoration (the wall clock a pause is placed in a cell by).
 */
public final class GcLogReader {
    /**
     * GCToolKit's own loggers, held (a logger nobody references can be collected with its settings): its warnings
     * about lines it could not classify (a remark's CPU breakout) are not the run's to print; its errors are, but
     * the one it logs for a log of fewer than two events (its runtime estimate wants two, after every pause was read).
     */
    private static final Logger TOOLKIT_LOG = Logger.getLogger("com.microsoft.gctoolkit");
    private static final Logger ANALYZE_LOG = Logger.getLogger(GCToolKit.class.getName());

    static {
        TOOLKIT_LOG.setLevel(Level.SEVERE);
        ANALYZE_LOG.setFilter(r -> !(r.getThrown() instanceof NotEnoughSampleException));
    }

    private GcLogReader() {
    }

    /** The JVM option that writes the log {@link #read} reads to {@code file} (one file, never rotated). */
    public static String option(Path file) {
        return "-Xlog:gc*:file=" + file + ":time,uptime,level,tags:filecount=0";
    }

    /** Every pause in {@code file}, oldest first; none for a log with no pause yet. */
    public static List<GcPause> read(Path file) throws IOException {
        GCToolKit toolKit = new GCToolKit();
        toolKit.loadDataSourceChannel(new DirectChannel.Lines());
        toolKit.loadJVMEventChannel(new DirectChannel.Events());
        PauseLog log = new PauseLog();
        toolKit.loadAggregation(log);
        toolKit.analyze(new SingleGCLogFile(file));
        return log.pauses();
    }
}
