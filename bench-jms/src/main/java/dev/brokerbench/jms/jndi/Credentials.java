package dev.brokerbench.jms.jndi;

import java.util.Optional;

/**
 * Who connects to the provider. The password is never printed or stored: {@link #toString} and the recorded settings
 * show only whether one was given.
 *
 * @param user     empty: the provider's default (e.g. anonymous, or what the JNDI file configures)
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
                .orElse("none (the provider's default)");
    }

    @Override
    public String toString() {
        return "Credentials[" + describe() + "]";
    }
}
