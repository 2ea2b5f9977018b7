package io.cpufeatures.dispatch;

import java.util.Objects;

/**
 * The outcome of a dispatch point's selection: the chosen implementation, its name and why.
 * Immutable; hold it (or its instance) in a {@code static final} field so that a dispatched call
 * costs what a direct call costs.
 *
 * @param <T> the point's service type
 */
public final class Selection<T> {

    private final String point;
    private final Candidate<T> candidate;
    private final Explanation explanation;
    private volatile T instance;

    Selection(String point, Candidate<T> candidate, T instance, Explanation explanation) {
        this.point = Objects.requireNonNull(point, "point");
        this.candidate = Objects.requireNonNull(candidate, "candidate");
        this.instance = instance;
        this.explanation = Objects.requireNonNull(explanation, "explanation");
    }

    /** The point's name. */
    public String point() {
        return point;
    }

    /** The chosen candidate's name. */
    public String name() {
        return candidate.name();
    }

    /** The chosen candidate. */
    public Candidate<T> candidate() {
        return candidate;
    }

    /**
     * The chosen implementation. A process-wide selection made it (and self-tested it) while
     * selecting; a selection emulated for another CPU makes it on first call, which runs that
     * implementation's code on this JVM: call it only where this machine can run it.
     */
    public T instance() {
        T i = instance;
        if (i == null) {
            synchronized (this) {
                i = instance;
                if (i == null) {
                    instance = i = candidate.create();
                }
            }
        }
        return i;
    }

    /** Every candidate with its status and reasons. */
    public Explanation explain() {
        return explanation;
    }

    @Override
    public String toString() {
        return point + ": " + candidate.name();
    }
}
