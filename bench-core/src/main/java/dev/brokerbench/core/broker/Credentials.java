package dev.brokerbench.core.broker;

import java.util.Optional;

/**
 * Who connects to a broker the user runs (an external broker, a JMS provider): the user's, given with {@code --user}
 * and a password from a file or an environment variable. The password is never printed or stored: {@link #toString}
 * and the recorded settings show only whether one was given.
 *
 * @param user     empty: the path's default (anonymous, RabbitMQ's guest, or what a JNDI file configures)
 * @param password empty: none
 */
public record Credentials(Optional<String> user, Optional<String> password) {
    public static final Credentials NONE = new Credentials(Optional.empty(), Optional.empty());

    public Credentials {
        if (password.isPresent() && user.isEmpty()) {
            throw new IllegalArgumentException("a password needs a user");
        }
    }

    /** For the record: the user and whether a password was given. */
    public String describe() {
        return user.map(u -> "user " + u + (password.isPresent() ? ", password given (not recorded)" : ""))
                .orElse("none (the client path's default)");
    }

    @Override
    public String toString() {
        return "Credentials[" + describe() + "]";
    }
}
