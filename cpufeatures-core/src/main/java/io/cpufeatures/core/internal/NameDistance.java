package io.cpufeatures.core.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the valid names closest to a misspelt one, so an error can say what was probably meant.
 *
 * <p>Distance is the Damerau-Levenshtein edit distance (a swap of two adjacent letters costs one),
 * computed on names normalised as {@link Vocabulary#normalise} does ({@code avx512-vnni},
 * {@code avx512.vnni} and {@code avx512_vnni} are one name).
 */
public final class NameDistance {

    private NameDistance() {
    }

    /**
     * Returns up to {@code limit} names from {@code valid} closest to {@code wanted}, nearest first,
     * ties in the order of {@code valid}; only names within a distance of a third of the longer
     * name (at least 2) are offered, and names that start with {@code wanted} always are.
     */
    public static List<String> closest(String wanted, Collection<String> valid, int limit) {
        String key = Vocabulary.normalise(wanted);
        record Scored(String name, int distance, int order) { }
        List<Scored> scored = new ArrayList<>();
        int order = 0;
        for (String name : valid) {
            String candidate = Vocabulary.normalise(name);
            int distance = distance(key, candidate);
            int bound = Math.max(2, Math.max(key.length(), candidate.length()) / 3);
            if (distance <= bound || (!key.isEmpty() && candidate.startsWith(key))) {
                scored.add(new Scored(name, distance, order));
            }
            order++;
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparingInt(Scored::order));
        List<String> result = new ArrayList<>();
        for (Scored s : scored) {
            if (result.size() == limit) {
                break;
            }
            if (!result.contains(s.name())) {
                result.add(s.name());
            }
        }
        return List.copyOf(result);
    }

    /** Optimal string alignment distance (restricted Damerau-Levenshtein). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }
}
