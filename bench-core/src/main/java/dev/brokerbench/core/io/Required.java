package dev.brokerbench.core.io;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A record component every file the suite reads must hold, not null: Jackson refuses a file without it, and
 * {@link JsonInput} one where it is null. The other components may be absent, as in files written before they
 * existed, and read as null (or 0).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER})
@JacksonAnnotationsInside
@JsonProperty(required = true)
public @interface Required {
}
