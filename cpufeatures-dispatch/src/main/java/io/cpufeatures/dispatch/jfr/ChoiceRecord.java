package io.cpufeatures.dispatch.jfr;

import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.Explanation;
import io.cpufeatures.dispatch.Selection;
import java.util.List;
import java.util.Optional;
import java.util.Objects;

/**
 * One process-wide selection of a dispatch point, as its events tell it. Its explanation is worked out when an event
 * is written, not when the choice is kept: most processes record nothing.
 *
 * @param point          the point's name
 * @param selection      the selection, or null when it failed
 * @param failure        the failure, or null when it did not fail
 * @param how            how the candidate was chosen ({@code priority}, {@code calibration},
 *                       {@code best-when-eligible}, {@code override}, {@code unsafe-override}), or {@code failed}
 * @param error          the failure's first line, or empty
 * @param selectionNanos how long the selection took
 * @param chosenAt       when it was made, in milliseconds since the epoch
 */
public record ChoiceRecord(String point, Selection<?> selection, DispatchException failure, String how, String error,
        long selectionNanos, long chosenAt) {

    /** {@link #how()} of a selection that failed. */
    public static final String FAILED = "failed";

    /**
     * Checks that exactly one of the outcomes is given and no other part is null.
     *
     * @param point          the point's name; not null
     * @param selection      the selection, or null
     * @param failure        the failure, or null
     * @param how            not null
     * @param error          not null
     * @param selectionNanos how long the selection took
     * @param chosenAt       when it was made
     */
    public ChoiceRecord {
        if ((selection == null) == (failure == null)) {
            throw new IllegalArgumentException("a choice is a selection or a failure");
        }
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(error, "error");
    }

    /** {@return every candidate with its status and reasons; for a failure without one, the point alone} */
    public Explanation explanation() {
        if (selection != null) {
            return selection.explain();
        }
        Optional<Explanation> x = failure.explanation();
        return x.isPresent() ? x.get() : new Explanation(point, Optional.empty(), List.of(), "");
    }
}
