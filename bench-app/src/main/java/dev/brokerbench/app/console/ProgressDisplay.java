package dev.brokerbench.app.console;

import dev.brokerbench.core.run.ProgressListener;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar per phase on an interactive terminal, fed by polling the phase's completion counter. */
final class ProgressDisplay implements ProgressListener {
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "progress");
        t.setDaemon(true);
        return t;
    });
    private ProgressBar bar;
    private ScheduledFuture<?> polling;
    private LongSupplier done;

    @Override
    public synchronized void phaseStarted(String label, long total, LongSupplier done) {
        bar = new ProgressBarBuilder().setTaskName(label).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250).showSpeed().setUnit(" msg", 1).build();
        this.done = done;
        ProgressBar current = bar;
        polling = poller.scheduleAtFixedRate(() -> current.stepTo(done.getAsLong()), 0, 200, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void phaseEnded() {
        if (polling != null) {
            polling.cancel(false);
        }
        if (bar != null) {
            bar.stepTo(done.getAsLong());
            bar.close();
            bar = null;
        }
    }
}
