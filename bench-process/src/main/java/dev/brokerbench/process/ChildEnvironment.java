package dev.brokerbench.process;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Environment variables no process the suite starts may inherit: the one a password was read from
 * ({@code --password-env}). A broker, a namespace helper or a container tool needs none of them, and a child's
 * environment can be read by whoever may read its {@code /proc/PID/environ}.
 */
public final class ChildEnvironment {
    private static final Set<String> WITHHELD = ConcurrentHashMap.newKeySet();

    private ChildEnvironment() {
    }

    /** No child started from now on inherits {@code variable}. */
    public static void withhold(String variable) {
        WITHHELD.add(variable);
    }

    /** {@code builder}, its environment cleared of every withheld variable. */
    public static ProcessBuilder clean(ProcessBuilder builder) {
        builder.environment().keySet().removeAll(WITHHELD);
        return builder;
    }
}
