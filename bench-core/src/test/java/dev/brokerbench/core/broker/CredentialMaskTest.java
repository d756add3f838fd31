package dev.brokerbench.core.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CredentialMaskTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "amqp://bob:s3cret@127.0.0.1:5672/vhost | amqp://bob:***@127.0.0.1:5672/vhost",
            "amqp://127.0.0.1:5672?jms.username=bob&jms.password=s3cret&jms.prefetchPolicy.all=1000"
                    + " | amqp://127.0.0.1:5672?jms.username=bob&jms.password=***&jms.prefetchPolicy.all=1000",
            "tcp://h:61616?user=bob;password=s3cret | tcp://h:61616?user=bob;password=***",
            "failover:(tcp://h:1?password=s3cret,tcp://h:2) | failover:(tcp://h:1?password=***,tcp://h:2)",
            "cannot connect to amqp://bob:s3cret@h:1 (refused) | cannot connect to amqp://bob:***@h:1 (refused)",
            "java.naming.security.credentials=s3cret | java.naming.security.credentials=***",
            "sasl.jaas.config=x required username=\"bob\" password=\"s3cret\"; | "
                    + "sasl.jaas.config=x required username=\"bob\" password=***;",
            "tcp://127.0.0.1:61616?jms.prefetchPolicy.queuePrefetch=1000 | tcp://127.0.0.1:61616?jms.prefetchPolicy.queuePrefetch=1000",
            "the provider refused the credentials: JMSSecurityException | the provider refused the credentials: JMSSecurityException",
            "password:s3cret | password:***",
            "tcp://h:61616?clientID=app@host | tcp://h:61616?clientID=app@host",
            "\"url\" : \"amqp://h:1?jms.password=\", \"next\" : \"s\" | \"url\" : \"amqp://h:1?jms.password=\", \"next\" : \"s\""})
    void hidesThePasswordAndKeepsTheRest(String text, String masked) {
        assertThat(CredentialMask.mask(text)).isEqualTo(masked).doesNotContain("s3cret");
        assertThat(CredentialMask.mask(masked)).as("masking twice changes nothing").isEqualTo(masked);
    }
}
