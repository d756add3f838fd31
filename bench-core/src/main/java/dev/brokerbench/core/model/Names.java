package dev.brokerbench.core.model;

/**
 * The names that become parts of file names (a case's, a phase's): letters, digits, '.' and '-', starting with a
 * letter or digit, at most 64 characters. No '/', no "..", no '_' (results are named {@code broker__path__case}).
 */
public final class Names {
    /** The pattern every such name matches. */
    public static final String SAFE = "[A-Za-z0-9][A-Za-z0-9.-]{0,63}";

    private Names() {
    }

    /**
     * {@code name}, when it matches {@link #SAFE}.
     *
     * @throws InvalidConfigException naming {@code field} otherwise
     */
    public static String check(String field, String name) {
        if (name == null || !name.matches(SAFE)) {
            throw new InvalidConfigException("field '" + field + "' must be 1-64 letters, digits, '.' or '-',"
                    + " starting with a letter or digit (it names result files), got "
                    + (name == null ? "nothing" : "'" + name + "'"));
        }
        return name;
    }
}
