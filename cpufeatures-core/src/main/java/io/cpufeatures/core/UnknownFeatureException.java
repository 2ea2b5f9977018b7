package io.cpufeatures.core;

import java.util.List;

/**
 * Thrown when a feature name is neither a canonical name nor an accepted alias.
 *
 * <p>The message names the bad value, where it came from and the closest valid names, because a
 * typo in a feature name must fail loudly instead of reading as "not supported".
 */
public final class UnknownFeatureException extends IllegalArgumentException {

    private final String name;
    private final List<String> suggestions;

    /**
     * Creates the exception for {@code name}, read from {@code where} (for example
     * {@code "cpufeatures.disable"}), with the closest valid names.
     */
    public UnknownFeatureException(String name, String where, List<String> suggestions) {
        super(message(name, where, suggestions));
        this.name = name;
        this.suggestions = List.copyOf(suggestions);
    }

    /** The name that was not recognised, as given. */
    public String name() {
        return name;
    }

    /** The closest valid names, nearest first; empty when nothing is close. */
    public List<String> suggestions() {
        return suggestions;
    }

    private static String message(String name, String where, List<String> suggestions) {
        StringBuilder sb = new StringBuilder("unknown feature '").append(name).append('\'');
        if (where != null && !where.isEmpty()) {
            sb.append(" in ").append(where);
        }
        if (suggestions.isEmpty()) {
            sb.append("; no known feature is close to it");
        } else {
            sb.append("; did you mean ").append(String.join(", ", suggestions)).append('?');
        }
        sb.append(" Accepted: canonical /proc/cpuinfo names (avx2, avx512f, pni) and their aliases (sse3, lzcnt, sha)");
        return sb.toString();
    }
}
