package dev.brokerbench.core.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.brokerbench.core.broker.CredentialMask;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one JSON mapping of results: indented, ISO timestamps, record components only (derived methods carry no get/is
 * prefix), and every string written with its passwords hidden ({@link CredentialMask}): a password a library put in
 * an error message or a URL never reaches a file the suite writes.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .addModule(new com.fasterxml.jackson.databind.module.SimpleModule("credential-mask")
                    .addSerializer(String.class, new MaskedStrings()))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    /** Strings as written: their passwords hidden. */
    private static final class MaskedStrings extends com.fasterxml.jackson.databind.ser.std.StdSerializer<String> {
        MaskedStrings() {
            super(String.class);
        }

        @Override
        public void serialize(String value, com.fasterxml.jackson.core.JsonGenerator gen,
                              com.fasterxml.jackson.databind.SerializerProvider provider) throws java.io.IOException {
            gen.writeString(CredentialMask.mask(value));
        }
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
