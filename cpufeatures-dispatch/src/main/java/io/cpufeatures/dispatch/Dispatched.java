package io.cpufeatures.dispatch;

import java.util.Objects;
import java.util.Optional;

/**
 * A dispatch point's process-wide choice, or the failure that stopped it, in a holder that never
 * throws while it is made: what a {@code static final} field holds ({@link DispatchPoint#dispatched()}).
 * {@link #get()} returns the implementation, or throws the point's {@link DispatchException} again on
 * every call: a failed selection stays the documented exception wherever the field is read, never an
 * {@code ExceptionInInitializerError} and then {@code NoClassDefFoundError}s. A selection cut short
 * by a {@link VirtualMachineError} (the first use on a thread with little stack left) is not the
 * point's answer: {@code get()} then asks the point again, so a later call on a healthy thread answers.
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
     * The holder of a selection cut short by {@code e} (a {@link StackOverflowError} on a thread with little
     * stack left, an {@link OutOfMemoryError}): not the point's answer, so {@link #get()} selects again.
     */
    static <T> Dispatched<T> retrying(DispatchPoint<T> point) {
        return new Dispatched<>(point.name(), null, DispatchException.cutShort(point));
    }

    /**
     * The chosen implementation.
     *
     * @return the instance the selection made, the same on every call
     * @throws DispatchException the selection's failure, again, on every call
     */
    public T get() {
        if (failure != null) {
            return again();
        }
        return instance;
    }

    /**
     * The failure again, or for a selection cut short by a failure of the moment, the point's choice
     * now (the point keeps it once made, so this is a field read from then on).
     */
    @SuppressWarnings("unchecked")
    private T again() {
        Optional<DispatchPoint<?>> point = failure.selectAgain();
        if (point.isPresent()) {
            return (T) point.get().get();
        }
        throw failure.again();
    }

    /**
     * Whether {@link #get()} returns rather than throws: the selection succeeded, or it was cut short
     * by a failure of the moment and succeeds when made again now.
     *
     * @return whether {@code get()} returns the chosen implementation
     */
    public boolean ok() {
        if (failure == null) {
            return true;
        }
        try {
            again();
            return true;
        } catch (DispatchException e) {
            return false;
        }
    }
}
