package io.cpufeatures.dispatch;

import java.util.Objects;
import java.util.Optional;

/**
 * A dispatch point could not choose: no candidate is eligible, an override's candidate cannot run here,
 * an override names an unknown point or candidate. The message says what each candidate needed.
 */
public final class DispatchException extends IllegalStateException {

    private final transient Explanation explanation;

    /** The message without the explanation, kept to throw the same failure {@link #again()}. */
    private final String reason;

    /**
     * The point whose selection this failure cut short for a reason of the moment (stack, memory), to be
     * asked again; null for a failure that is the point's answer.
     */
    private final transient DispatchPoint<?> selectAgain;

    /**
     * A failure that no selection explains: a bad override, a provider that cannot be loaded.
     *
     * @param message what failed and what is accepted; not null
     */
    public DispatchException(String message) {
        this(Objects.requireNonNull(message, "message"), null, null);
    }

    /**
     * A failure that no selection explains, with its cause.
     *
     * @param message what failed; not null
     * @param cause   the failure behind it (the CPU report's configuration error, say); not null
     */
    public DispatchException(String message, Throwable cause) {
        this(Objects.requireNonNull(message, "message"), null, Objects.requireNonNull(cause, "cause"));
    }

    /**
     * A failed selection: the message, then the explanation of every candidate.
     *
     * @param message     why nothing could be chosen; not null
     * @param explanation every candidate with its status and reasons, appended to the message; not null
     */
    public DispatchException(String message, Explanation explanation) {
        this(Objects.requireNonNull(message, "message"), Objects.requireNonNull(explanation, "explanation"), null);
    }

    private DispatchException(String message, Explanation explanation, Throwable cause) {
        this(message, explanation, cause, null);
    }

    private DispatchException(String message, Explanation explanation, Throwable cause, DispatchPoint<?> selectAgain) {
        super(explanation == null ? message : message + "\n" + explanation.format(), cause);
        this.explanation = explanation;
        this.reason = message;
        this.selectAgain = selectAgain;
    }

    /**
     * A selection of {@code point} cut short by a {@link VirtualMachineError}: not its answer; it is asked again.
     * Made with the point, before any selection: where it is needed the stack may have no room to make it.
     */
    static DispatchException cutShort(DispatchPoint<?> point) {
        return new DispatchException(point.name() + ": the selection was cut short by a StackOverflowError or an"
                + " OutOfMemoryError (a thread with little stack left, or memory short); it is made again on the next"
                + " call", null, null, point);
    }

    /** The point to select again, when this failure was of the moment; empty when it is the point's answer. */
    Optional<DispatchPoint<?>> selectAgain() {
        return Optional.ofNullable(selectAgain);
    }

    /**
     * The same failure, thrown again from where it is asked for: the same message and explanation,
     * this exception as its cause (so the first stack trace is kept).
     *
     * @return a new exception to throw
     */
    public DispatchException again() {
        return new DispatchException(reason, explanation, this, selectAgain);
    }

    /**
     * {@return the explanation of the failed selection, when there was one (not after deserialisation: it
     * is not serialised)}
     */
    public Optional<Explanation> explanation() {
        return Optional.ofNullable(explanation);
    }
}
