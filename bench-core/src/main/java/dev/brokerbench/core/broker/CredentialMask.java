package dev.brokerbench.core.broker;

import java.util.regex.Pattern;

/**
 * Hides the passwords a text may carry in URLs and settings before the suite records or prints it: the password of a
 * URL's user info ({@code amqp://user:PASS@host}) and the value of any key that names a password, secret or
 * credentials ({@code jms.password=PASS}, {@code password=PASS}, {@code sasl.jaas.config=... password="PASS"}), each
 * replaced by {@value #HIDDEN}. Only {@code key=value} counts: "the provider refused the credentials: reason" is
 * prose, and keeps its reason.
 */
public final class CredentialMask {
    /** What stands where a password was. */
    public static final String HIDDEN = "***";
    /** user:password@ right after the scheme; neither part holds '/', '?' or '#' (RFC 3986 user info). */
    private static final Pattern USER_INFO = Pattern.compile("(?<=://)([^/?#\\s:@\"']*):([^/?#\\s@\"']*)@");
    /**
     * key=value, or key:value with nothing between (a properties file's other separator); a quoted value stops at a
     * comma, brace or line end, so that it never spans two strings of a JSON or CSV text.
     */
    private static final Pattern KEY_VALUE = Pattern.compile("(?i)((?:[\\w.-]*(?:password|passwd|pwd|secret"
            + "|credentials?))(?:\\s*=\\s*|:(?=\\S)))(\"[^\"\\n,{}]*\"|'[^'\\n,{}]*'|[^&;,\\s\"')]+)");

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
