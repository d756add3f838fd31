package dev.brokerbench.core.broker;

import java.util.Optional;

/**
 * Who connects to a broker the user runs (an external broker, a JMS provider): the user's, given with {@code --user}
 * and a password from a file or an environment variable. The password is never printed or stored: {@link #toString}
 * and the recorded settings show only whether one was given.
 *
 * @param user      empty: the path's default (anonymous, RabbitMQ's guest, or what a JNDI file configures)
 * @param password  empty: none
 * @param mechanism the SASL mechanism to log in with ({@code --sasl-mechanism}), for the paths that let a client
 *                  choose ({@link dev.brokerbench.core.spi.DriverFactory#saslMechanisms}); empty: the path's default
 */
public record Credentials(Optional<String> user, Optional<String> password, Optional<SaslMechanism> mechanism) {
    public static final Credentials NONE = new Credentials(Optional.empty(), Optional.empty());

    public Credentials {
        if (password.isPresent() && user.isEmpty()) {
            throw new IllegalArgumentException("a password needs a user");
        }
        if (mechanism.isPresent() && user.isEmpty()) {
            throw new IllegalArgumentException("a SASL mechanism needs a user");
        }
    }

    /** A user and password, logged in with the path's default mechanism. */
    public Credentials(Optional<String> user, Optional<String> password) {
        this(user, password, Optional.empty());
    }

    /** For the record: the user, whether a password was given and the SASL mechanism chosen. */
    public String describe() {
        return user.map(u -> "user " + u + (password.isPresent() ? ", password given (not recorded)" : "")
                        + mechanism.map(m -> ", SASL " + m).orElse(""))
                .orElse("none (the client path's default)");
    }

    @Override
    public String toString() {
        return "Credentials[" + describe() + "]";
    }
}
