package dev.brokerbench.process.net;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Adds one-way delay to TCP connections, as a process of its own inside a broker's network namespace: listens on
 * {@code ADDRESS:PORT} for each port and relays every accepted connection to {@code 127.0.0.1:PORT} through a
 * {@link LinkRelay} holding each chunk {@code ONE_WAY_NANOS}.
 *
 * <p>Usage: {@code java -cp lifeline.jar dev.brokerbench.process.net.DelayRelay ADDRESS ONE_WAY_NANOS PORT...}
 */
public final class DelayRelay {
    private DelayRelay() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: DelayRelay ADDRESS ONE_WAY_NANOS PORT...");
            System.exit(2);
        }
        Map<Integer, Integer> ports = new LinkedHashMap<>();
        for (String port : Arrays.asList(args).subList(2, args.length)) {
            ports.put(Integer.parseInt(port), Integer.parseInt(port));
        }
        LinkRelay relay = LinkRelay.start(InetAddress.getByName(args[0]), ports, InetAddress.getLoopbackAddress(),
                false);
        relay.delay(Duration.ofNanos(Long.parseLong(args[1])), Duration.ZERO);
        System.out.println("relaying " + args[0] + " ports " + String.join(",", Arrays.asList(args).subList(2,
                args.length)) + " with " + args[1] + " ns each way");
        System.out.flush();
    }
}
