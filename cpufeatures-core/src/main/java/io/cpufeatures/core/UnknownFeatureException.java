package io.cpufeatures.core;

import java.util.List;
import java.util.Objects;

/**
 * Thrown when a name is no feature, alias, policy flag, group or {@code jvm.*} gate of any module on
 * the class path.
 *
 * <p>The message names the bad value, where it came from, the closest valid names and what is
 * accepted, because a typo in a feature name must fail loudly instead of reading as "not supported".
 */
public final class UnknownFeatureException extends IllegalArgumentException {

    /** The name that was not recognised, as given. */
    private final String name;
    /** The closest valid names, nearest first. */
    private final List<String> suggestions;

    /**
     * Creates the exception for {@code name}, read from {@code where} (for example
     * {@code "cpufeatures.disable"}), with the closest valid names and a sentence on what is accepted.
     *
     * @param name        the name that was not recognised, as given; not null
     * @param where       where it was read, e.g. {@code cpufeatures.disable} or an annotation; not null (an
     *                    empty string leaves it out of the message)
     * @param suggestions the closest valid names, nearest first; empty when nothing is close; not null
     * @param accepted    a sentence on what is accepted; not null
     */
    public UnknownFeatureException(String name, String where, List<String> suggestions, String accepted) {
        super(message(Objects.requireNonNull(name, "name"), Objects.requireNonNull(where, "where"),
                Objects.requireNonNull(suggestions, "suggestions"), Objects.requireNonNull(accepted, "accepted")));
        this.name = name;
        this.suggestions = List.copyOf(suggestions);
    }

    /** {@return the name that was not recognised, as given} */
    public String name() {
        return name;
    }

    /** {@return the closest valid names, nearest first; empty when nothing is close} */
    public List<String> suggestions() {
        return suggestions;
    }

    private static String message(String name, String where, List<String> suggestions, String accepted) {
        Objects.requireNonNull(accepted, "accepted");
        StringBuilder sb = new StringBuilder("unknown feature '").append(name).append('\'');
        if (where != null && !where.isEmpty()) {
            sb.append(" in ").append(where);
        }
        if (suggestions.isEmpty()) {
            sb.append("; no known feature is close to it.");
        } else {
            sb.append("; did you mean ").append(String.join(", ", suggestions)).append('?');
        }
        return sb.append(" Accepted: ").append(accepted).toString();
    }
}
