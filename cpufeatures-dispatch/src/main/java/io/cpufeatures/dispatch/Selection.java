package io.cpufeatures.dispatch;

import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of a dispatch point's selection on this machine: the chosen implementation, made and
 * self-tested while selecting, its name and why. Why is worked out when first asked, from what the selection
 * recorded, and reads the same on every call. Hold it (or its instance) in a {@code static final} field so that a
 * dispatched call costs what a direct call costs.
 *
 * @param <T> the point's service type
 */
public final class Selection<T> {

    /** How a candidate was chosen: the eligible one of highest priority. */
    static final String PRIORITY = "priority";
    /** How a candidate was chosen: the fastest in calibration. */
    static final String CALIBRATION = "calibration";
    /** How a candidate was chosen: calibration was asked for, and it is best when eligible. */
    static final String BEST_WHEN_ELIGIBLE = "best-when-eligible";
    /** How a candidate was chosen: an override named it. */
    static final String OVERRIDE = "override";
    /** How a candidate was chosen: an override named it, taken despite its requirements (unsafe). */
    static final String UNSAFE_OVERRIDE = "unsafe-override";

    private final String point;
    private final Candidate<T> candidate;
    private final T instance;
    /** What the selection recorded, the explanation's source; dropped once the explanation is built. */
    private Ledger<T> ledger;
    private Explanation explanation;
    private final String how;

    Selection(String point, Candidate<T> candidate, T instance, Ledger<T> ledger, String how) {
        this.point = Objects.requireNonNull(point, "point");
        this.candidate = Objects.requireNonNull(candidate, "candidate");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.how = Objects.requireNonNull(how, "how");
    }

    /** How the candidate was chosen: {@link #PRIORITY}, {@link #CALIBRATION}, ... (for the choice's event). */
    String how() {
        return how;
    }

    /** {@return the point's name} */
    public String point() {
        return point;
    }

    /** {@return the chosen candidate's name} */
    public String name() {
        return candidate.name();
    }

    /** {@return the chosen candidate} */
    public Candidate<T> candidate() {
        return candidate;
    }

    /** {@return the chosen implementation, made (and self-tested) when the selection was} */
    public T instance() {
        return instance;
    }

    /** {@return every candidate with its status and reasons, built on the first call and the same after} */
    public synchronized Explanation explain() {
        if (explanation == null) {
            explanation = ledger.explanation(Optional.of(candidate.name()));
            ledger = null;
        }
        return explanation;
    }

    /** {@return the choice, without the instance} */
    public Choice choice() {
        return new Choice(point, candidate.name(), explain());
    }

    @Override
    public String toString() {
        return point + ": " + candidate.name();
    }
}
