package io.cpufeatures.core.internal;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A process-wide value made on first use and kept, unless making it failed for a reason of that
 * moment: a {@link VirtualMachineError} (a {@link StackOverflowError} on a thread with little stack
 * left, an {@link OutOfMemoryError}) is that caller's failure, nothing is kept, and the next call
 * makes the value again. What the class-holder idiom cannot do: an error in a holder's initialiser
 * marks the class failed for the JVM's life, and every later use on any thread is a
 * {@code NoClassDefFoundError}.
 *
 * <p>The supplier keeps its own deterministic failures as values (a report of a failed probe, a
 * configuration error to rethrow), and lets momentary ones through ({@link #rethrowIfMomentary}).
 * Internal: the core's and the dispatch layer's process-wide state use it.
 *
 * @param <T> the value's type
 */
public final class Once<T> {

    private final Supplier<T> make;
    private volatile T value;

    /**
     * A value made by {@code make} on first use.
     *
     * @param make makes the value; never returns null; not null
     */
    public Once(Supplier<T> make) {
        this.make = Objects.requireNonNull(make, "make");
    }

    /**
     * The value, made now if no earlier call made it.
     *
     * @return the value, the same on every call once made
     * @throws VirtualMachineError as the supplier threw it: this call's failure, nothing kept
     */
    public T get() {
        T v = value;
        if (v != null) {
            return v;
        }
        synchronized (this) {
            v = value;
            if (v == null) {
                v = Objects.requireNonNull(make.get(), "a process-wide value was made null");
                value = v;
            }
            return v;
        }
    }

    /**
     * Whether {@code t}, or what caused it, is a {@link VirtualMachineError}: a failure of the moment and of the
     * thread it happened on (its stack, the heap then), not of what was being done. A
     * {@code ServiceConfigurationError} or {@code ExceptionInInitializerError} wrapping a
     * {@code StackOverflowError} is one too.
     *
     * @param t a throwable; not null
     * @return whether a cause in its chain is a {@code VirtualMachineError}
     */
    public static boolean momentary(Throwable t) {
        return momentaryCause(t) != null;
    }

    /**
     * Throws the {@link VirtualMachineError} in {@code t}'s chain, if there is one, so that a catch of
     * {@code Error} or {@code LinkageError} never keeps a failure of the moment as an answer.
     *
     * @param t a caught throwable; not null
     */
    public static void rethrowIfMomentary(Throwable t) {
        VirtualMachineError e = momentaryCause(t);
        if (e != null) {
            throw e;
        }
    }

    private static VirtualMachineError momentaryCause(Throwable t) {
        // bounded: a cause chain may loop
        for (int depth = 0; t != null && depth < 32; depth++, t = t.getCause()) {
            if (t instanceof VirtualMachineError e) {
                return e;
            }
        }
        return null;
    }
}
