package dev.brokerbench.core.result;

/**
 * Request/reply and one-way accounting at three points: sent by the clients, received by the servers, replies
 * received by the clients (and checked).
 *
 * <p>One-way messages are accounted by sequence number: each carries its correlation id (phase tag, client,
 * sequence), and the servers report it as it arrives, so a message of another phase (a straggler of the warm-up pass)
 * is counted apart, as foreign, and cannot stand in for one of the phase's own that never arrived. Requests are
 * counted by the servers' own count (a baseline's server, in a process of its own, only answers how many it received).
 * Results stored without {@code duplicates} and {@code foreign} (before 2026-11-26's change) read them as 0; their
 * one-way {@code serverReceived} and {@code lost} came from the servers' count. Results stored before 2026-11-27's
 * retries read {@code retried}, {@code answeredTwice} and {@code neverAnswered} as 0; their {@code late} counted a
 * second answer to a call too.
 *
 * @param sent             requests (or one-way messages) the clients sent
 * @param serverReceived   requests the server sessions received; one-way: distinct messages of the phase that
 *                         arrived at them
 * @param replies          replies the clients received, right or wrong
 * @param correct          replies with the correlation id of a call in flight and exactly the transformed body
 * @param wrongBody        replies to a call in flight whose body was not the request with every byte + 1
 * @param wrongCorrelation replies whose correlation id is not one of this client's calls
 * @param late             replies to one of this client's calls after it had been given up (never answered in time)
 * @param timedOut         sends of a call with no reply within the call's timeout (the workload's idle timeout, or
 *                         its retry policy's); without retries, the calls given up
 * @param lost             requests: sends (first and retried) - received by the servers (never negative: a server
 *                         may see a request twice); one-way: messages sent whose sequence number never arrived at a
 *                         server
 * @param duplicates       one-way: further arrivals of a message of the phase that had arrived already (0 for calls)
 * @param foreign          one-way: arrivals during the phase of messages not of the phase (another phase's tag, or
 *                         no correlation id), counted apart (0 for calls)
 * @param retried          calls sent again after a timeout, with the same correlation id (each resend counted)
 * @param answeredTwice    replies to a call that had been answered already: a retried call whose first send was
 *                         answered too (late), or a request a server saw twice
 * @param neverAnswered    calls given up: no reply to any of their sends within the timeout
 */
public record RpcAccounting(long sent, long serverReceived, long replies, long correct, long wrongBody,
                            long wrongCorrelation, long late, long timedOut, long lost, long duplicates,
                            long foreign, long retried, long answeredTwice, long neverAnswered) {

    /** Without retries: a call given up is a call timed out; nothing is answered twice. */
    public RpcAccounting(long sent, long serverReceived, long replies, long correct, long wrongBody,
                         long wrongCorrelation, long late, long timedOut, long lost, long duplicates, long foreign) {
        this(sent, serverReceived, replies, correct, wrongBody, wrongCorrelation, late, timedOut, lost, duplicates,
                foreign, 0, 0, timedOut);
    }

    /** Request/reply: every call answered correctly at the first send, nothing else. */
    public boolean exactCalls() {
        return sent > 0 && lost == 0 && correct == sent && wrongBody == 0 && wrongCorrelation == 0 && late == 0
                && timedOut == 0 && answeredTwice == 0;
    }

    /**
     * Request/reply with retries: every call answered correctly in the end, no wrong reply, none late; sends that
     * timed out, resends and second answers are the retry policy at work.
     */
    public boolean answeredAll() {
        return sent > 0 && correct == sent && wrongBody == 0 && wrongCorrelation == 0 && late == 0
                && neverAnswered == 0;
    }

    /** One-way: everything sent arrived at the servers, once. */
    public boolean exactOneWay() {
        return sent > 0 && lost == 0 && serverReceived == sent && duplicates == 0;
    }

    public String summary() {
        return "sent=" + sent + " serverReceived=" + serverReceived + " replies=" + replies + " correct=" + correct
                + " wrongBody=" + wrongBody + " wrongCorrelation=" + wrongCorrelation + " late=" + late + " timedOut="
                + timedOut + " lost=" + lost + " duplicates=" + duplicates + " foreign=" + foreign
                + (retried + answeredTwice + neverAnswered == 0 ? "" : " retried=" + retried + " answeredTwice="
                + answeredTwice + " neverAnswered=" + neverAnswered);
    }
}
