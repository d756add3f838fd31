package dev.brokerbench.core.broker;

import java.util.regex.Pattern;

/**
 * Hides the passwords a text may carry in URLs and settings before the suite records or prints it: the password of a
 * URL's user info ({@code amqp://user:PASS@host}) and the value of any key that names a password, secret or
 * credentials ({@code jms.password=PASS}, {@code password=PASS}, {@code sasl.jaas.config=... password="PASS"}), each
 * replaced by {@value #HIDDEN}.
 */
public final class CredentialMask {
    /** What stands where a password was. */
    public static final String HIDDEN = "***";
    private static final Pattern USER_INFO = Pattern.compile("(?<=://)([^/\\s:@\"']*):([^/\\s@\"']*)@");
    private static final Pattern KEY_VALUE = Pattern.compile("(?i)((?:[\\w.-]*(?:password|passwd|pwd|secret"
            + "|credentials?))\\s*[=:]\\s*)(\"[^\"]*\"|'[^']*'|[^&;,\\s\"')]+)");

    private CredentialMask() {
    }

    /** {@code text} with every password it carries replaced by {@value #HIDDEN}; null stays null. */
    public static String mask(String text) {
        if (text == null) {
            return null;
        }
        String masked = USER_INFO.matcher(text).replaceAll("$1:" + HIDDEN + "@");
        return KEY_VALUE.matcher(masked).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group(1))
                + HIDDEN);
    }
}
