package io.cpufeatures.dispatch;

import java.util.Objects;

/**
 * What a dispatch point would choose on some CPU (a dump, an emulated CPU, this one with features
 * removed), and why: the candidate's name and the explanation of every candidate. A choice carries
 * no instance: nothing of another machine's choice is made or run here.
 *
 * @param point       the point's name
 * @param name        the chosen candidate's name
 * @param explanation every candidate with its status and reasons
 */
public record Choice(String point, String name, Explanation explanation) {

    /**
     * Validates the parts.
     *
     * @param point       the point's name; not null
     * @param name        the chosen candidate's name; not null
     * @param explanation every candidate with its status and reasons; not null
     */
    public Choice {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(explanation, "explanation");
    }

    /** {@return every candidate with its status and reasons: {@link #explanation()}} */
    public Explanation explain() {
        return explanation;
    }

    @Override
    public String toString() {
        return point + ": " + name;
    }
}
