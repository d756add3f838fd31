package dev.brokerbench.core.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a JSON file the suite wrote (a result, a run record, a shard's record, a baseline) strictly: a record
 * component marked {@link Required} must be present and not null at any depth (the others may be absent, as in
 * results written before they existed), no trailing content, no number for an enum (a number absent, as in older
 * results, reads as 0). A file that does not read fails with one line naming the file, the field and what is wrong,
 * as an {@link InvalidConfigException} (exit 2): a corrupt input is bad input, never a finding and never a crash.
 */
public final class JsonInput {
    private static final ObjectReader STRICT = Json.mapper().reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);

    private JsonInput() {
    }

    /**
     * {@code file} as a {@code type}.
     *
     * @param what what the file should be, for the message (e.g. "a cell's result")
     * @throws InvalidConfigException naming the file and the field when it cannot be read or does not hold one
     */
    public static <T> T read(Path file, Class<T> type, String what) {
        JsonNode tree = tree(file, what);
        try {
            T value = STRICT.treeToValue(tree, type);
            if (value == null) {
                throw new InvalidConfigException(file + ": holds null, not " + what);
            }
            String missing = firstNullRequired(value, "");
            if (missing != null) {
                throw new InvalidConfigException(file + ": field '" + missing + "' is missing or null (not " + what
                        + ")");
            }
            return value;
        } catch (JsonMappingException e) {
            throw new InvalidConfigException(file + ": " + describe(e) + " (not " + what + ")");
        } catch (IOException e) {
            throw new InvalidConfigException(file + ": does not read as " + what + ": " + firstLine(e.getMessage()));
        }
    }

    /** {@code file}'s JSON tree; one line naming the file and where the text breaks off when it is not JSON. */
    public static JsonNode tree(Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidConfigException(file + ": not a regular file (" + what + " expected)");
        }
        try {
            JsonNode tree = STRICT.readTree(Files.readAllBytes(file));
            if (tree == null || tree.isMissingNode()) {
                throw new InvalidConfigException(file + ": is empty (" + what + " expected)");
            }
            return tree;
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new InvalidConfigException(file + ": not JSON" + at + ": " + firstLine(e.getOriginalMessage())
                    + " (" + what + " expected; truncated or edited?)");
        } catch (IOException e) {
            throw new InvalidConfigException(file + ": cannot be read: " + e.getMessage());
        }
    }

    /**
     * The path of the first component marked required that is null, in {@code value} or the records, lists and maps
     * it holds; null when there is none.
     */
    static String firstNullRequired(Object value, String path) {
        if (value instanceof Record record) {
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                Object v;
                try {
                    v = c.getAccessor().invoke(record);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + c, e);
                }
                String at = path.isEmpty() ? c.getName() : path + "." + c.getName();
                if (v == null && c.getAccessor().isAnnotationPresent(Required.class)) {
                    return at;
                }
                String inner = firstNullRequired(v, at);
                if (inner != null) {
                    return inner;
                }
            }
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) == null) {
                    return path + "[" + i + "]";
                }
                String inner = firstNullRequired(list.get(i), path + "[" + i + "]");
                if (inner != null) {
                    return inner;
                }
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String inner = firstNullRequired(e.getValue(), path + "['" + e.getKey() + "']");
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** "field 'a.b[2].c': the reason", from Jackson's path to where a mapping failed. */
    private static String describe(JsonMappingException e) {
        String path = fieldPath(e);
        Throwable cause = e.getCause();
        String reason = cause instanceof IllegalArgumentException && cause.getMessage() != null
                ? cause.getMessage() : firstLine(e.getOriginalMessage());
        return (path.isEmpty() ? "" : "field '" + path + "': ") + reason;
    }

    /** Jackson's path as {@code a.b[2].c}. */
    public static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining()).replaceFirst("^\\.", "");
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
