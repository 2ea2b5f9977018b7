package io.cpufeatures.dispatch;

/**
 * The one rule for the names of points, candidates and native variants: lower-case letters and digits, in words
 * joined by one {@code .}, {@code _} or {@code -} ({@code raid.xor}, {@code x86-64-v3}). A loop, not a regular
 * expression: it runs when a library's point is built, which may be a class initialiser on a short stack.
 */
final class Names {

    private Names() {
    }

    /** {@return whether {@code name} is lower-case words of letters and digits joined by single separators} */
    static boolean valid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        boolean afterSeparator = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean word = c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
            boolean separator = c == '.' || c == '_' || c == '-';
            if (!word && !(separator && !afterSeparator)) {
                return false;
            }
            afterSeparator = separator;
        }
        return !afterSeparator;
    }
}
