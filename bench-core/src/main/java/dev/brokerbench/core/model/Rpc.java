package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * How a request/reply or one-way workload runs besides its clients.
 *
 * @param servers server sessions answering requests (each on its own connection); broker-less baselines run a
 *                fixed pool of this many threads in their own process
 * @param window  calls in flight per client: 1 is the published method (send, wait for the reply, verify, next);
 *                more is the pipelined variant
 */
public record Rpc(int servers, int window) {
    public static final int DEFAULT_SERVERS = 4;

    public Rpc {
        check(servers >= 1 && servers <= Workload.MAX_CLIENTS, "servers", "must be 1.." + Workload.MAX_CLIENTS,
                servers);
        check(window >= 1 && window <= 10_000, "rpcWindow", "must be 1..10000", window);
    }
}
