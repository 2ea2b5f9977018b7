package io.cpufeatures.cli;

/**
 * Text from a CPU or a file made safe to print on a terminal: a dump decides what its brand and vendor
 * strings hold, so a control character (an escape sequence, a newline that would forge a line of the
 * report) is shown as {@code \xNN} instead of being sent to the terminal, and a backslash as
 * {@code \\}, so that the text {@code \x1b} in a brand string never reads like an escaped ESC.
 */
final class TerminalText {

    private TerminalText() {
    }

    /** {@code text} with every C0 and C1 control character, and DEL, as {@code \xNN}, and {@code \} as {@code \\}. */
    static String safe(String text) {
        return escaped(text, true);
    }

    /**
     * {@code text} with every control character as {@code \xNN} and backslashes as they are: for a
     * format that escapes backslashes its own way (a man page writes {@code \e}).
     */
    static String controlsEscaped(String text) {
        return escaped(text, false);
    }

    private static String escaped(String text, boolean backslashes) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
            boolean backslash = backslashes && c == '\\';
            if ((control || backslash) && sb == null) {
                sb = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (sb != null) {
                if (backslash) {
                    sb.append("\\\\");
                } else if (control) {
                    sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? text : sb.toString();
    }
}
