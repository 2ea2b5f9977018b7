package io.cpufeatures.dispatch;

import java.util.Objects;

/**
 * A dispatch point's process-wide choice, or the failure that stopped it, in a holder that never
 * throws while it is made: what a {@code static final} field holds ({@link DispatchPoint#dispatched()}).
 * {@link #get()} returns the implementation, or throws the point's {@link DispatchException} again on
 * every call: a failed selection stays the documented exception wherever the field is read, never an
 * {@code ExceptionInInitializerError} and then {@code NoClassDefFoundError}s.
 *
 * <p>A record, so the JIT trusts its fields as constants: held in a {@code static final} field, a
 * call through {@code get()} costs what a direct call costs.
 *
 * @param point    the point's name
 * @param instance the chosen implementation, or null when the selection failed
 * @param failure  why the selection failed, or null when it succeeded
 * @param <T> the point's service type
 */
public record Dispatched<T>(String point, T instance, DispatchException failure) {

    /**
     * Validates the parts: exactly one of the instance and the failure.
     *
     * @param point    the point's name; not null
     * @param instance the chosen implementation, or null when the selection failed
     * @param failure  why the selection failed, or null when it succeeded
     * @throws IllegalArgumentException if both or neither of {@code instance} and {@code failure} are given
     */
    public Dispatched {
        Objects.requireNonNull(point, "point");
        if ((instance == null) == (failure == null)) {
            throw new IllegalArgumentException(point + ": a dispatched choice holds an instance or a failure, not both");
        }
    }

    /** The holder of a successful selection. */
    static <T> Dispatched<T> of(Selection<T> selection) {
        return new Dispatched<>(selection.point(), selection.instance(), null);
    }

    /** The holder of a failed selection. */
    static <T> Dispatched<T> failed(String point, DispatchException failure) {
        return new Dispatched<>(point, null, failure);
    }

    /**
     * The chosen implementation.
     *
     * @return the instance the selection made, the same on every call
     * @throws DispatchException the selection's failure, again, on every call
     */
    public T get() {
        if (failure != null) {
            throw failure.again();
        }
        return instance;
    }

    /** {@return whether the selection succeeded, so {@link #get()} returns rather than throws} */
    public boolean ok() {
        return failure == null;
    }
}
