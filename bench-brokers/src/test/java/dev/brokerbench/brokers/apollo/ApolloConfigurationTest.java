package dev.brokerbench.brokers.apollo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Apollo's configuration is one pair of files, filled in for each runtime, and the image is built from the same. */
class ApolloConfigurationTest {
    private static final Path DOCKER = Path.of("..", "docker", "apollo");

    @Test
    void theConnectorBindsWhereItIsToldOnASyncedLevelDbStore() throws Exception {
        String xml = ApolloConfiguration.xml("127.0.0.1", 61234);
        assertThat(xml).doesNotContain(ApolloConfiguration.BIND, ApolloConfiguration.PORT);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element connector = (Element) doc.getElementsByTagName("connector").item(0);
        assertThat(connector.getAttribute("bind")).isEqualTo("tcp://127.0.0.1:61234");
        Element store = (Element) doc.getElementsByTagName("leveldb_store").item(0);
        assertThat(store.getAttribute("sync")).isEqualTo("true");
        assertThat(ApolloConfiguration.log4j()).contains("log4j.rootLogger=INFO, console");
    }

    @Test
    void theImageIsBuiltFromTheSameFilesAndFillsInTheSamePlaceholders() throws Exception {
        String recipe = Files.readString(DOCKER.resolve("recipe"));
        String resources = "bench-brokers/src/main/resources/dev/brokerbench/brokers/apollo/";
        assertThat(recipe).contains(resources + "apollo.xml", resources + "log4j.properties");
        assertThat(Files.readString(DOCKER.resolve("Dockerfile"))).contains("COPY apollo.xml log4j.properties");
        String run = Files.readString(DOCKER.resolve("apollo-run.sh"));
        assertThat(run).contains("s/" + ApolloConfiguration.BIND + "/0.0.0.0/", "s/" + ApolloConfiguration.PORT
                + "/61613/").doesNotContain("<broker");
    }
}
