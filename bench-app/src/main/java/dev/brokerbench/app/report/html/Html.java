package dev.brokerbench.app.report.html;

/** Escaping for text placed in HTML. */
final class Html {
    private Html() {
    }

    static String esc(Object value) {
        String s = String.valueOf(value);
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
