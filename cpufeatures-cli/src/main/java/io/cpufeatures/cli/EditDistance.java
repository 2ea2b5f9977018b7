package io.cpufeatures.cli;

/** Levenshtein distance between two short words, for "did you mean". */
final class EditDistance {

    private EditDistance() {
    }

    /**
     * {@return the fewest single-character insertions, deletions and substitutions that turn {@code a} into {@code b}}
     *
     * @param a a word
     * @param b another
     */
    static int of(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
