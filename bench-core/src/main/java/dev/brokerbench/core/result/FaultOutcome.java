package dev.brokerbench.core.result;

/**
 * What a fault did.
 *
 * @param killed        {@code broker} (kill -9 mid-publish, then restart) or {@code consumer} (kill -9 of one
 *                      consumer process mid-drain; the others go on)
 * @param at            the fraction of the phase at which it was to be killed
 * @param countAtKill   when kill -9 was sent: confirmations counted (broker) or messages received (consumer)
 * @param restartMillis from the restart command to the broker being ready again on the same data; -1 when the
 *                      broker was not restarted (consumer kill)
 * @param recoveryMillis consumer kill: from the kill to the last message arriving at the surviving consumers (what
 *                      the dead one held had to be released and redelivered); broker kill ridden out with the
 *                      clients' own reconnection: from the broker being ready again to the first confirmed send;
 *                      otherwise -1
 * @param brokerCount   the broker's own count of the queue's messages: after its restart and before the drain
 *                      (broker kill), or after the drain (consumer kill); null where the path cannot ask
 * @param brokerRecovery the broker's own log line, after a broker kill, on what it recovered at the restart (e.g.
 *                      RabbitMQ's "Recovering 0 queues of type rabbit_classic_queue": the queue did not come back);
 *                      null for a consumer kill or a broker that makes no such statement
 */
public record FaultOutcome(String killed, double at, long countAtKill, long restartMillis, long recoveryMillis,
                           BrokerCount brokerCount, String brokerRecovery) {
}
