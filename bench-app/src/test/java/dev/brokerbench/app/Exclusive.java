package dev.brokerbench.app;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test that runs alone on the machine, after the others (which run three at a time, bench-app's pom):
 * it counts processes or containers machine-wide, or its checks depend on a broker getting the CPU on time.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("exclusive")
@interface Exclusive {
}
