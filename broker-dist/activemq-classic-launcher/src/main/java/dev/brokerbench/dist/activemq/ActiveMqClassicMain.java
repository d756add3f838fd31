package dev.brokerbench.dist.activemq;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.store.kahadb.KahaDBPersistenceAdapter;
import org.apache.activemq.usage.SystemUsage;

/**
 * Starts ActiveMQ Classic the way the distribution's {@code conf/activemq.xml} configures it: KahaDB with journal
 * disk syncs on every write (journalDiskSyncStrategy=always), memory at 50 % of the heap, store 100 GB, temp 50 GB,
 * an OpenWire connector with the distribution's options; bound to 127.0.0.1. JMX is off (the distribution exposes
 * no JMX connector either).
 *
 * <p>Usage: {@code ActiveMqClassicMain --data DIR --openwire-port PORT --amqp-port PORT --stomp-port PORT [--bind HOST]} (HOST defaults to
 * 127.0.0.1; the container image binds 0.0.0.0 inside its own network namespace)
 */
public final class ActiveMqClassicMain {
    private ActiveMqClassicMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        File data = new File(require(options, "--data"));
        int openwirePort = Integer.parseInt(require(options, "--openwire-port"));
        int amqpPort = Integer.parseInt(require(options, "--amqp-port"));
        int stompPort = Integer.parseInt(require(options, "--stomp-port"));
        String bind = options.getOrDefault("--bind", "127.0.0.1");

        BrokerService broker = new BrokerService();
        broker.setBrokerName("brokerbench");
        broker.setDataDirectoryFile(data);
        broker.setUseJmx(false);
        broker.setPersistent(true);
        broker.setSchedulerSupport(false);
        broker.setAdvisorySupport(true);
        // answers ActiveMQ.Statistics.Destination.<queue> with the queue's size: the broker's own count, which the
        // suite shows beside its accounting after a kill
        broker.setPlugins(new org.apache.activemq.broker.BrokerPlugin[] {
                new org.apache.activemq.plugin.StatisticsBrokerPlugin()});

        KahaDBPersistenceAdapter kahaDb = new KahaDBPersistenceAdapter();
        kahaDb.setDirectory(new File(data, "kahadb"));
        kahaDb.setJournalDiskSyncStrategy("always");
        broker.setPersistenceAdapter(kahaDb);

        SystemUsage usage = broker.getSystemUsage();
        // half the heap for messages in memory, as Artemis' global-max-size and RabbitMQ's paging ratio
        usage.getMemoryUsage().setPercentOfJvmHeap(50);
        usage.getStoreUsage().setLimit(100L * 1024 * 1024 * 1024);
        usage.getTempUsage().setLimit(50L * 1024 * 1024 * 1024);

        broker.addConnector("tcp://" + bind + ":" + openwirePort
                + "?maximumConnections=1000&wireFormat.maxFrameSize=104857600");
        // no-delay as on every other connector of the suite: with Nagle on the broker side, a request/reply call
        // over AMQP waited for the peer's delayed ACK, 43 ms per call (93 calls/s for 4 clients)
        broker.addConnector("amqp://" + bind + ":" + amqpPort
                + "?maximumConnections=1000&wireFormat.maxFrameSize=104857600&transport.tcpNoDelay=true");
        broker.addConnector("stomp://" + bind + ":" + stompPort
                + "?maximumConnections=1000&wireFormat.maxFrameSize=104857600&transport.tcpNoDelay=true");
        broker.start();
        broker.waitUntilStarted();
        System.out.println("brokerbench: ActiveMQ Classic " + org.apache.activemq.ActiveMQConnectionMetaData.PROVIDER_VERSION + " ready, openwire port "
                + openwirePort + ", KahaDB journalDiskSyncStrategy=" + kahaDb.getJournalDiskSyncStrategy()
                + ", journalMaxFileLength=" + kahaDb.getJournalMaxFileLength()
                + ", memoryLimit=" + usage.getMemoryUsage().getLimit());
        broker.waitUntilStopped();
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        return options;
    }

    private static String require(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            System.err.println("ActiveMqClassicMain: missing " + name + "; usage: --data DIR --openwire-port PORT --amqp-port PORT --stomp-port PORT");
            System.exit(2);
        }
        return value;
    }
}
