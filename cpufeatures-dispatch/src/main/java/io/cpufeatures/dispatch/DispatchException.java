package io.cpufeatures.dispatch;

import java.util.Optional;

/**
 * A dispatch point could not choose: no candidate is eligible, an override's candidate cannot run here,
 * an override names an unknown point or candidate. The message says what each candidate needed.
 */
public final class DispatchException extends IllegalStateException {

    private final transient Explanation explanation;

    private final String reason;

    /** Creates the exception with its message and, if there is one, the explanation. */
    public DispatchException(String message, Explanation explanation) {
        this(message, explanation, null);
    }

    /** Creates the exception with its message, the explanation if there is one, and the cause. */
    public DispatchException(String message, Explanation explanation, Throwable cause) {
        super(explanation == null ? message : message + "\n" + explanation.format(), cause);
        this.explanation = explanation;
        this.reason = message;
    }

    /**
     * The same failure, thrown again from where it is asked for: the same message and explanation,
     * this exception as its cause (so the first stack trace is kept).
     */
    public DispatchException again() {
        return new DispatchException(reason, explanation, this);
    }

    /** The explanation of the failed selection, when there was one. */
    public Optional<Explanation> explanation() {
        return Optional.ofNullable(explanation);
    }
}
