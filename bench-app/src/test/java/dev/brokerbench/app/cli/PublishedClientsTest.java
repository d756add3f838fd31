package dev.brokerbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.PublishedComparison;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --client published}: each broker the 2018 comparison ran gets its paths, the others their own. */
class PublishedClientsTest {
    private static final Catalog CATALOG = Catalog.load();

    private static List<String> published(String broker) {
        return SelectionOptions.paths(CATALOG, CATALOG.runtime(broker, RuntimeKind.LOCAL).orElseThrow(),
                List.of("published")).stream().map(DriverFactory::id).toList();
    }

    @Test
    void eachPublishedBrokerRunsThePathsOfItsRows() {
        assertThat(published("rabbitmq")).containsExactly("rabbitmq-amqp091");
        assertThat(published("activemq")).containsExactly("qpid-jms", "openwire-jms");
        assertThat(published("apollo")).containsExactly("qpid-jms");
        assertThat(published("artemis")).as("not in the publication: its own path").containsExactly(
                CATALOG.defaultPaths(CATALOG.broker("artemis").orElseThrow()).stream().map(DriverFactory::id)
                        .toArray(String[]::new));
    }

    /** A row naming a broker or path the catalog does not have, or a path its broker cannot take, fails here. */
    @Test
    void everyPublishedRowIsAPathItsBrokerTakes() {
        for (PublishedComparison.Row row : PublishedComparison.persistentQueues().rows()) {
            assertThat(CATALOG.compatiblePaths(CATALOG.broker(row.broker()).orElseThrow()))
                    .as(row.label()).extracting(DriverFactory::id).contains(row.path());
        }
    }
}
