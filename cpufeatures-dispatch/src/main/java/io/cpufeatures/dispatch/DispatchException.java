package io.cpufeatures.dispatch;

import java.util.Optional;

/**
 * A dispatch point could not choose: no candidate is eligible, an override's candidate cannot run here,
 * an override names an unknown point or candidate. The message says what each candidate needed.
 */
public final class DispatchException extends IllegalStateException {

    private final transient Explanation explanation;

    /** Creates the exception with its message and, if there is one, the explanation. */
    public DispatchException(String message, Explanation explanation) {
        super(explanation == null ? message : message + "\n" + explanation.format());
        this.explanation = explanation;
    }

    /** The explanation of the failed selection, when there was one. */
    public Optional<Explanation> explanation() {
        return Optional.ofNullable(explanation);
    }
}
