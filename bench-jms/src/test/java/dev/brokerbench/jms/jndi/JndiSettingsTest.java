package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.broker.Credentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a provider's JNDI file: the lookup name, the URL for the record, secrets never recorded. */
class JndiSettingsTest {
    @TempDir
    Path dir;

    private JndiSettings read(String... lines) throws Exception {
        return JndiSettings.read(Files.writeString(dir.resolve("jndi.properties"), String.join("\n", lines)));
    }

    @Test
    void theConnectionFactorysOwnUrlElseTheProviderUrl() throws Exception {
        JndiSettings qpid = read("java.naming.factory.initial=org.apache.qpid.jms.jndi.JmsInitialContextFactory",
                "connectionfactory.other=amqp://elsewhere:1", "connectionfactory.ConnectionFactory=amqp://mq:5672");
        assertThat(qpid.connectionFactoryName()).isEqualTo("ConnectionFactory");
        assertThat(qpid.providerUrl()).isEqualTo("amqp://mq:5672");
        JndiSettings classic = read("java.naming.factory.initial=org.apache.activemq.jndi.ActiveMQInitialContextFactory",
                "java.naming.provider.url=tcp://mq:61616", "brokerbench.connectionFactory=Cf");
        assertThat(classic.connectionFactoryName()).isEqualTo("Cf");
        assertThat(classic.providerUrl()).isEqualTo("tcp://mq:61616");
        assertThat(classic.environment()).doesNotContainKey(JndiSettings.LOOKUP);
    }

    @Test
    void credentialsAreNeverRecorded() throws Exception {
        JndiSettings s = read("java.naming.factory.initial=x.Factory", "java.naming.security.credentials=s3cret",
                "connection.password=s3cret", "java.naming.security.principal=app");
        assertThat(s.recorded().toString()).doesNotContain("s3cret").contains("principal=app");
        assertThat(s.context()).containsEntry("java.naming.security.credentials", "s3cret");
    }

    @Test
    void aFileWithoutAContextFactoryOrNoFileNamesJndi() {
        assertThatThrownBy(() -> read("connectionfactory.ConnectionFactory=amqp://mq:5672"))
                .isInstanceOfSatisfying(ProviderSetupException.class, e -> assertThat(e.option()).isEqualTo("--jndi"))
                .hasMessageContaining("java.naming.factory.initial");
        assertThatThrownBy(() -> JndiSettings.read(dir.resolve("absent.properties")))
                .isInstanceOfSatisfying(ProviderSetupException.class, e -> assertThat(e.option()).isEqualTo("--jndi"))
                .hasMessageContaining("cannot read");
    }

    @Test
    void aPasswordNeedsAUserAndIsNeverShown() {
        Credentials c = new Credentials(java.util.Optional.of("app"), java.util.Optional.of("s3cret"));
        assertThat(c.toString()).doesNotContain("s3cret").contains("app");
        assertThatThrownBy(() -> new Credentials(java.util.Optional.empty(), java.util.Optional.of("s3cret")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
