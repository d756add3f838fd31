package dev.brokerbench.jms.jndi;

/** The user's provider could not be set up; {@link #option()} names the option whose value is at fault. */
public final class ProviderSetupException extends Exception {
    private final String option;

    public ProviderSetupException(String option, String message, Throwable cause) {
        super(message, cause);
        this.option = option;
    }

    public ProviderSetupException(String option, String message) {
        this(option, message, null);
    }

    /** e.g. {@code --jndi}, {@code --provider-jar}, {@code --user} */
    public String option() {
        return option;
    }
}
