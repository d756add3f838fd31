package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a request/reply or one-way workload runs besides its clients.
 *
 * @param servers server sessions answering requests (each on its own connection); broker-less baselines run a
 *                fixed pool of this many threads in their own process
 * @param window  calls in flight per client: 1 is the published method (send, wait for the reply, verify, next);
 *                more is the pipelined variant
 * @param retry           how long a call waits for its reply and how often it is sent again; null: it waits the
 *                        workload's idle timeout and is never sent again (a call without a reply by then is timed out)
 * @param serverProcesses the server sessions run in this many processes of their own, spread evenly (their CPU then
 *                        measured apart from the clients'); 0: in the suite's JVM, beside the clients (a fault that
 *                        kills a server runs them in two unless told more)
 */
public record Rpc(int servers, int window, @JsonInclude(JsonInclude.Include.NON_NULL) Retry retry,
                  @JsonInclude(JsonInclude.Include.NON_DEFAULT) int serverProcesses) {
    public static final int DEFAULT_SERVERS = 4;

    public Rpc {
        check(servers >= 1 && servers <= Workload.MAX_CLIENTS, "servers", "must be 1.." + Workload.MAX_CLIENTS,
                servers);
        check(window >= 1 && window <= 10_000, "rpcWindow", "must be 1..10000", window);
        check(serverProcesses >= 0 && serverProcesses <= servers, "serverProcesses", "must be 0 (the servers in the"
                + " suite's JVM) to servers (" + servers + ")", serverProcesses);
    }

    /** Without retries: a call waits the workload's idle timeout. */
    public Rpc(int servers, int window) {
        this(servers, window, null, 0);
    }

    /** The servers in the suite's JVM. */
    public Rpc(int servers, int window, Retry retry) {
        this(servers, window, retry, 0);
    }

    /**
     * A client's retry policy: a call with no reply within {@code timeoutMillis} of its last send is sent again, with
     * the same correlation id, at most {@code retries} times; then it is given up (never answered). A reply to any of
     * its sends answers it; a second reply is counted as an answer twice. Written {@code callTimeoutMillis} and
     * {@code retries}.
     *
     * @param timeoutMillis 10..3,600,000
     * @param retries       0..100
     */
    public record Retry(long timeoutMillis, int retries) {
        public Retry {
            check(timeoutMillis >= 10 && timeoutMillis <= 3_600_000, "callTimeoutMillis", "must be 10..3600000",
                    timeoutMillis);
            check(retries >= 0 && retries <= 100, "retries", "must be 0..100", retries);
        }

        /** E.g. "2,000 ms timeout, 3 retries". */
        public String label() {
            return String.format(java.util.Locale.ROOT, "%,d ms timeout, %d %s", timeoutMillis, retries,
                    retries == 1 ? "retry" : "retries");
        }
    }
}
