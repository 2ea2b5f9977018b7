package io.cpufeatures.core.kit;

import java.util.Arrays;

/**
 * The first answer of an architecture whose OS states each feature as one bit of one of its words (the
 * kernel's auxiliary-vector words): a feature is usable when its bit is set and every feature it depends on is
 * usable, except where the table lets the OS's grant outrank a rule, as the full decode's usable layer works it out
 * ({@link TableDecoding}). The table is generated from the full decoder's tables ({@link WordBitsSource}).
 * Immutable.
 */
public final class WordBitsAnswer implements FirstAnswer {

    /** The answer's table: what {@link WordBitsSource} generates, in arrays. */
    public static final class Table {
        final int features;
        final byte[] words;
        final byte[] bits;
        final short[] rows;
        final byte[] outrankable;
        final String[] names;
        final short[] named;
        final long[] groups;

        /**
         * The arrays of a generated table, kept as given (they are the generated class's own).
         *
         * @param features    how many features
         * @param words       for each feature, which of the OS's words holds its bit
         * @param bits        for each feature, its bit in that word
         * @param rows        the dependency rows, pairs of (feature, the feature it needs)
         * @param outrankable for each row, 1 when the OS's grant of the feature outranks it, else 0
         * @param names       every spelling of a feature and every group, sorted
         * @param named       for each name, its feature, or {@code features} + its group
         * @param groups      for each group, its members as a bit set of {@code (features + 63) / 64} words
         */
        public Table(int features, byte[] words, byte[] bits, short[] rows, byte[] outrankable, String[] names,
                short[] named, long[] groups) {
            this.features = features;
            this.words = words;
            this.bits = bits;
            this.rows = rows;
            this.outrankable = outrankable;
            this.names = names;
            this.named = named;
            this.groups = groups;
        }
    }

    private final Table table;
    private final long[] usable;

    private WordBitsAnswer(Table table, long[] usable) {
        this.table = table;
        this.usable = usable;
    }

    /**
     * Works the answer out from the OS's words.
     *
     * @param table the generated table; not null
     * @param words the OS's words, in the table's order (0 for a word the OS does not give); not null
     * @return the answer
     */
    public static WordBitsAnswer of(Table table, long[] words) {
        int n = table.features;
        long[] granted = new long[(n + 63) / 64];
        for (int f = 0; f < n; f++) {
            int w = table.words[f];
            if (w < words.length && (words[w] >>> table.bits[f] & 1) != 0) {
                granted[f >>> 6] |= 1L << f;
            }
        }
        long[] usable = granted.clone();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < table.outrankable.length; r++) {
                int f = table.rows[2 * r];
                int needs = table.rows[2 * r + 1];
                if (has(usable, f) && !has(usable, needs) && !(table.outrankable[r] != 0 && !has(granted, needs))) {
                    usable[f >>> 6] &= ~(1L << f);
                    changed = true;
                }
            }
        }
        return new WordBitsAnswer(table, usable);
    }

    private static boolean has(long[] set, int f) {
        return (set[f >>> 6] >>> f & 1) != 0;
    }

    @Override
    public int answer(String name) {
        int i = Arrays.binarySearch(table.names, name);
        if (i < 0) {
            return UNANSWERED;
        }
        int target = table.named[i];
        if (target < table.features) {
            return has(usable, target) ? USABLE : NOT_USABLE;
        }
        int words = usable.length;
        int g = target - table.features;
        for (int w = 0; w < words; w++) {
            long members = table.groups[g * words + w];
            if ((members & ~usable[w]) != 0) {
                return NOT_USABLE;
            }
        }
        return USABLE;
    }
}
