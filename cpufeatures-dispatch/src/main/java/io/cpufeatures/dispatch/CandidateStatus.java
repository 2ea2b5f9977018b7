package io.cpufeatures.dispatch;

/** Where a candidate stands in a selection. */
public enum CandidateStatus {
    /** Chosen. */
    SELECTED,
    /** Could run here, but another was chosen. */
    ELIGIBLE,
    /** Cannot be used here: a requirement failed, or its self-test, or it could not be made. */
    REJECTED
}
