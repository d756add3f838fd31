package dev.brokerbench.core.model;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.stream.Collectors;
import dev.brokerbench.core.io.JsonInput;

/** Reads workload YAML strictly: unknown keys, wrong types and out-of-range values fail with the field named. */
public final class WorkloadLoader {
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS);

    /** The workload of {@code source}'s YAML, in the {@code --case} group {@code group} (its folder's name). */
    public Workload load(String source, String group, InputStream in) {
        return load(source, group, null, in);
    }

    /**
     * The same, reading a file it names ({@code sizes: "@FILE"}) relative to {@code base}, its folder (null: it
     * may name none).
     */
    public Workload load(String source, String group, java.nio.file.Path base, InputStream in) {
        return read(source, in, WorkloadFile.class, file -> file.toWorkload(group, base));
    }

    /**
     * The YAML of {@code source} read strictly as {@code type} and made into what {@code then} makes of it (for
     * another format of workload, e.g. OpenMessaging Benchmark's), every error naming the file and the field.
     */
    public <T, R> R read(String source, InputStream in, Class<T> type, java.util.function.Function<T, R> then) {
        try {
            return then.apply(yaml.readValue(in, type));
        } catch (UnrecognizedPropertyException e) {
            if ("group".equals(e.getPropertyName())) {
                throw new InvalidConfigException(source + ": key 'group' is not a workload setting: a workload's"
                        + " --case group is the folder its file sits in (workloads/GROUP/NAME.yaml)");
            }
            throw new InvalidConfigException(source + ": unknown key '" + e.getPropertyName() + "'; allowed: "
                    + e.getKnownPropertyIds().stream().map(Object::toString).sorted()
                    .collect(Collectors.joining(", ")));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof InvalidConfigException ice) {
                throw new InvalidConfigException(source + ": " + ice.getMessage());
            }
            throw new InvalidConfigException(source + ": field '" + JsonInput.fieldPath(e)
                    + "' has the wrong type or value: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (InvalidConfigException e) {
            throw new InvalidConfigException(source + ": " + e.getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new InvalidConfigException(source + ": not readable as YAML" + at + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse("").strip());
        } catch (IOException e) {
            throw new InvalidConfigException(source + ": cannot be read: " + e.getMessage());
        }
    }
}
