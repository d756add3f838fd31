package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every string the suite writes as JSON, alone, in a list or as a map's value, has its passwords hidden. */
class JsonMaskTest {
    record Holder(String url, List<String> errors, Map<String, String> settings) {
    }

    @Test
    void passwordsAreHiddenInEveryStringWritten() throws Exception {
        Holder holder = new Holder("amqp://bob:s3cret@127.0.0.1:5672",
                List.of("cannot connect to amqp://127.0.0.1:1?jms.password=s3cret"),
                Map.of("jndi connectionfactory.x", "amqp://127.0.0.1:1?jms.password=s3cret&jms.username=bob"));
        String text = Json.mapper().writeValueAsString(holder);
        String tree = Json.mapper().valueToTree(holder).toPrettyString();
        assertThat(text).doesNotContain("s3cret").contains("bob:***@", "jms.password=***", "jms.username=bob");
        assertThat(tree).doesNotContain("s3cret");
        assertThat(Json.mapper().readValue(text, Holder.class).errors()).singleElement().asString()
                .endsWith("jms.password=***");
    }
}
