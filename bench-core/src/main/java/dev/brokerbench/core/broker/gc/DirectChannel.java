package dev.brokerbench.core.broker.gc;

import com.microsoft.gctoolkit.event.jvm.JVMEvent;
import com.microsoft.gctoolkit.message.Channel;
import com.microsoft.gctoolkit.message.ChannelListener;
import com.microsoft.gctoolkit.message.ChannelName;
import com.microsoft.gctoolkit.message.DataSourceChannel;
import com.microsoft.gctoolkit.message.DataSourceParser;
import com.microsoft.gctoolkit.message.JVMEventChannel;
import com.microsoft.gctoolkit.message.JVMEventChannelListener;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * GCToolKit's message channels, delivering on the publishing thread: a log line reaches each parser, and each event
 * each aggregator, before the next line is read. GCToolKit's own channels run on Vert.x (event loops, and netty under
 * them, in the suite's process beside the clients' own netty); one log read at a cell's end needs neither.
 */
abstract class DirectChannel<M, L extends ChannelListener<M>> implements Channel<M, L> {
    private final Map<ChannelName, List<L>> listeners = new EnumMap<>(ChannelName.class);

    @Override
    public void registerListener(L listener) {
        listeners.computeIfAbsent(listener.channel(), c -> new ArrayList<>()).add(listener);
    }

    @Override
    public void publish(ChannelName channel, M message) {
        for (L listener : listeners.getOrDefault(channel, List.of())) {
            listener.receive(message);
        }
    }

    @Override
    public void close() {
        listeners.clear();
    }

    /** The channel log lines are published on, to the parsers. */
    static final class Lines extends DirectChannel<String, DataSourceParser> implements DataSourceChannel {
    }

    /** The channels the parsers publish their events on, to the aggregators. */
    static final class Events extends DirectChannel<JVMEvent, JVMEventChannelListener> implements JVMEventChannel {
    }
}
