package io.cpufeatures.dispatch.jfr;

import io.cpufeatures.dispatch.Explanation;
import java.util.Objects;

/**
 * One process-wide selection of a dispatch point, as its events tell it.
 *
 * @param explanation    every candidate with its status and reasons; no selected one when the selection failed
 * @param how            how the candidate was chosen ({@code priority}, {@code calibration},
 *                       {@code best-when-eligible}, {@code override}, {@code unsafe-override}), or {@code failed}
 * @param error          the failure's first line, or empty
 * @param selectionNanos how long the selection took
 * @param chosenAt       when it was made, in milliseconds since the epoch
 */
public record ChoiceRecord(Explanation explanation, String how, String error, long selectionNanos, long chosenAt) {

    /** {@link #how()} of a selection that failed. */
    public static final String FAILED = "failed";

    /**
     * Checks that no part is null.
     *
     * @param explanation    not null
     * @param how            not null
     * @param error          not null
     * @param selectionNanos how long the selection took
     * @param chosenAt       when it was made
     */
    public ChoiceRecord {
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(error, "error");
    }
}
