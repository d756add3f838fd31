package dev.brokerbench.core.result;

/**
 * Request/reply and one-way accounting at three points: sent by the clients, received by the servers, replies
 * received by the clients (and checked).
 *
 * @param sent             requests (or one-way messages) the clients sent
 * @param serverReceived   requests the server sessions received
 * @param replies          replies the clients received, right or wrong
 * @param correct          replies with the correlation id of a call in flight and exactly the transformed body
 * @param wrongBody        replies to a call in flight whose body was not the request with every byte + 1
 * @param wrongCorrelation replies whose correlation id is not one of this client's calls
 * @param late             replies to one of this client's calls that was no longer in flight: it had timed out, or
 *                         had been answered already (a duplicate reply)
 * @param timedOut         calls with no reply within the workload's idle timeout
 * @param lost             sent - received by the servers (never negative: a server may see a request twice)
 */
public record RpcAccounting(long sent, long serverReceived, long replies, long correct, long wrongBody,
                            long wrongCorrelation, long late, long timedOut, long lost) {

    /** Request/reply: every call answered correctly, nothing else. */
    public boolean exactCalls() {
        return sent > 0 && lost == 0 && correct == sent && wrongBody == 0 && wrongCorrelation == 0 && late == 0
                && timedOut == 0;
    }

    /** One-way: everything sent arrived at the servers. */
    public boolean exactOneWay() {
        return sent > 0 && lost == 0 && serverReceived == sent;
    }

    public String summary() {
        return "sent=" + sent + " serverReceived=" + serverReceived + " replies=" + replies + " correct=" + correct
                + " wrongBody=" + wrongBody + " wrongCorrelation=" + wrongCorrelation + " late=" + late + " timedOut="
                + timedOut
                + " lost=" + lost;
    }
}
