package dev.brokerbench.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ClientSettingsTest {
    @Test
    void aSharedSettingIsRecordedUnderItsKeyAndTheLastWordWins() {
        ClientSettings settings = new ClientSettings().set(ClientSetting.PREFETCH, 1000).own("linger.ms", 0)
                .set(ClientSetting.PREFETCH, "link credit 1000 messages");
        assertThat(settings.asMap()).containsExactly(java.util.Map.entry("prefetch", "link credit 1000 messages"),
                java.util.Map.entry("linger.ms", "0"));
    }

    @Test
    void aPathsOwnNameCannotBeASharedSettingsKey() {
        assertThatThrownBy(() -> new ClientSettings().own("prefetch", 1000))
                .hasMessage("name: 'prefetch' is ClientSetting.PREFETCH; record it with set(PREFETCH, ...)");
        assertThatThrownBy(() -> new ClientSettings().own(" ", 1)).hasMessage("name: blank");
        assertThatThrownBy(() -> new ClientSettings().set(ClientSetting.URL, null)).hasMessage("value of 'url'");
    }

    @Test
    void aPathBuiltOnAnotherRemovesWhatItDoesNotDo() {
        ClientSettings kafka = kafka();
        ClientSettings share = kafka().remove(ClientSetting.REQUEST_REPLY).removeOwn("consumerGroup");
        assertThat(share.asMap()).containsOnlyKeys("stamp");
        assertThat(kafka.asMap()).containsOnlyKeys("requestReply", "consumerGroup", "stamp");
    }

    private static ClientSettings kafka() {
        return new ClientSettings().set(ClientSetting.REQUEST_REPLY, "reply topics").own("consumerGroup", "bb-QUEUE")
                .set(ClientSetting.STAMP, "3 headers");
    }

    @Test
    void everySharedSettingHasAKeyOfItsOwn() {
        assertThat(Arrays.stream(ClientSetting.values()).map(ClientSetting::key)).doesNotHaveDuplicates()
                .allMatch(k -> ClientSetting.byKey(k).isPresent());
        assertThat(ClientSetting.byKey("linger.ms")).isEmpty();
    }
}
