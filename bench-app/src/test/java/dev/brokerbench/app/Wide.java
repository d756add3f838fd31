package dev.brokerbench.app;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Part of the wide tier: a cross product (every client path, every fault case, every broker in a container) whose
 * default-tier sibling already runs each broker and each claim once. {@code mvn verify} leaves it out to stay within
 * its time; {@code mvn verify -Pwide} runs the wide tier alone, and CI runs both (the parent pom's {@code it.tier}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("wide")
@interface Wide {
}
