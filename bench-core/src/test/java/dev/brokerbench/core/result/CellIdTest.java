package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.brokerbench.core.model.InvalidConfigException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CellIdTest {

    @Test
    void readsBackWhatItWritesAndSplitsAtTheLastSeparator() {
        CellId id = CellId.parse("rabbitmq / rabbitmq-jms / c1.1024");
        assertThat(id.broker()).isEqualTo("rabbitmq");
        assertThat(id.path()).isEqualTo("rabbitmq-jms");
        assertThat(id.workload()).isEqualTo("c1.1024");
        assertThat(id.brokerPath()).isEqualTo(BrokerPath.parse("rabbitmq / rabbitmq-jms"));
        assertThat(id).hasToString("rabbitmq / rabbitmq-jms / c1.1024");
        assertThat(id.fileStem()).isEqualTo("rabbitmq__rabbitmq-jms__c1.1024");
    }

    @Test
    void refusesTextThatIsNotThreePartsAndPartsThatCouldNotBeReadBack() {
        Stream.of("", "a / b", "a / b / c / d", "a /  / c", " a / b / c", "a / b / ", "a/b / c / d", "a / b /c")
                .forEach(text -> assertThatThrownBy(() -> CellId.parse(text)).as(text)
                        .isInstanceOf(InvalidConfigException.class).hasMessageContaining("'" + text + "'"));
        assertThatThrownBy(() -> new CellId("a", "b/c", "d")).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("client path").hasMessageContaining("'b/c'");
        assertThatThrownBy(() -> new BrokerPath(null, "p")).hasMessageContaining("broker")
                .hasMessageContaining("nothing");
    }

    @Test
    void ordersAsItsTextSoTablesKeepTheirOrder() {
        List<String> texts = List.of("artemis-ha / artemis-core-jms / c1", "artemis / qpid-jms / c1",
                "artemis / artemis-core-jms / c10", "artemis / artemis-core-jms / c2");
        List<String> byId = texts.stream().map(CellId::parse).sorted().map(CellId::toString).toList();
        assertThat(byId).isEqualTo(texts.stream().sorted().toList());
    }

    @Test
    void isAMapKeyInJsonWrittenAsItsText() throws Exception {
        Map<CellId, Integer> cells = new TreeMap<>(Map.of(CellId.parse("a / p / c1"), 1, CellId.parse("b / q / c2"), 2));
        String json = Json.mapper().writeValueAsString(cells);
        assertThat(Json.mapper().readTree(json).fieldNames()).toIterable().containsExactly("a / p / c1", "b / q / c2");
        assertThat(Json.mapper().readValue(json, new TypeReference<Map<CellId, Integer>>() { })).isEqualTo(cells);
        assertThatThrownBy(() -> Json.mapper().readValue("{\"a / p\":1}", new TypeReference<Map<CellId, Integer>>() { }))
                .hasMessageContaining("'a / p' is not 'broker / client path / case'");
    }
}
