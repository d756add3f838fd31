package dev.brokerbench.core.result;

/**
 * What a fault did.
 *
 * @param killBrokerAt        the fraction of the publish phase at which the broker was to be killed
 * @param confirmedBeforeKill confirmations counted when kill -9 was sent
 * @param restartMillis       from the restart command to the broker being ready again on the same data
 */
public record FaultOutcome(double killBrokerAt, long confirmedBeforeKill, long restartMillis) {
}
