package dev.brokerbench.core.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a client path records about how it drives its library, in the order it is said: the settings every path
 * states ({@link ClientSetting}) and those only this path has, under names of its own (the library's option names
 * where it has them, e.g. {@code linger.ms}). {@link ClientInfo} keeps them as text.
 */
public final class ClientSettings {
    private final Map<String, String> values = new LinkedHashMap<>();

    /** Records {@code setting} as {@code value} (its text), replacing what was said before. */
    public ClientSettings set(ClientSetting setting, Object value) {
        values.put(setting.key(), text(setting.key(), value));
        return this;
    }

    /**
     * Records a setting only this path has under {@code name}; a name that is a {@link ClientSetting}'s key is
     * refused, so that a shared setting is always said through its type.
     */
    public ClientSettings own(String name, Object value) {
        if (Objects.requireNonNull(name, "name").isBlank()) {
            throw new IllegalArgumentException("name: blank");
        }
        ClientSetting.byKey(name).ifPresent(s -> {
            throw new IllegalArgumentException("name: '" + name + "' is ClientSetting." + s.name()
                    + "; record it with set(" + s.name() + ", ...)");
        });
        values.put(name, text(name, value));
        return this;
    }

    /** Forgets {@code setting} (a path built on another that does not do what it says). */
    public ClientSettings remove(ClientSetting setting) {
        values.remove(setting.key());
        return this;
    }

    /** Forgets the setting of its own named {@code name}. */
    public ClientSettings removeOwn(String name) {
        values.remove(name);
        return this;
    }

    /** Adds everything {@code more} says, its word winning where both say a thing. */
    public ClientSettings with(ClientSettings more) {
        values.putAll(more.values);
        return this;
    }

    /** The settings as recorded, key to text, in the order they were first said. */
    public Map<String, String> asMap() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    private static String text(String name, Object value) {
        return String.valueOf(Objects.requireNonNull(value, () -> "value of '" + name + "'"));
    }
}
