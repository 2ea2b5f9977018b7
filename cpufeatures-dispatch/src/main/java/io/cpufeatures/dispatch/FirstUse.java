package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Once;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A library's process-wide value (its dispatch points' choices, say) made once, on a platform thread
 * of its own, while the callers wait. For a library whose first use may come from any thread: one
 * deep in a recursion or made with a small stack, a virtual thread. Building a point reads its
 * candidates' class files and selecting makes and self-tests them, in class initialisers; on the
 * caller's stack a {@link StackOverflowError} there marks the class failed for the JVM's life (every
 * later use a {@code NoClassDefFoundError}). Made here, that work has a stack of 1 MiB whatever the
 * caller's, and a failure of the moment ({@link VirtualMachineError}) is the failure of the calls
 * waiting, not kept: the next call makes the value again. An interrupt does not cut the wait short
 * (the interrupt status is kept). The points' own first selections run on that thread too: the value's
 * first use starts one thread. What the making logs is logged by the caller after its wait, so a first
 * use from inside a logging appender never waits for the appender's lock.
 *
 * <pre>{@code
 * private static volatile FirstUse<XorKernel> first;   // no static initialiser on the caller's stack
 *
 * static XorKernel kernel() {
 *     FirstUse<XorKernel> f = first;
 *     if (f == null) {
 *         first = f = FirstUse.of("raid-xor", XorKernels::selected);  // one of several racing is kept: harmless
 *     }
 *     return f.get();
 * }
 * }</pre>
 *
 * <p>What the maker runs must not wait for a class the calling thread is initialising (a candidate
 * that reads a static field of the class whose initialiser asks for the value): the two threads
 * would wait for each other. Keep the points and their holders in classes of their own, as the
 * README's pattern does.
 *
 * @param <T> the value's type
 */
public final class FirstUse<T> {

    private final String name;
    private final Once<T> once;

    private FirstUse(String name, Once<T> once) {
        this.name = name;
        this.once = once;
    }

    /**
     * A value {@code make} makes on first use, on a daemon platform thread named {@code name}.
     *
     * @param <T>  the value's type
     * @param name the maker thread's name, e.g. {@code zstd-kernels}; not null
     * @param make makes the value (never null); not null
     * @return the value's holder; nothing is made until {@link #get()}
     */
    public static <T> FirstUse<T> of(String name, Supplier<T> make) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(make, "make");
        return new FirstUse<>(name, Once.onThreadOfItsOwn(make, name));
    }

    /**
     * The value, made now on the maker thread if no earlier call made it.
     *
     * @return the value, the same on every call once made
     * @throws VirtualMachineError   as making it threw it (memory short): nothing kept, the next call tries again
     * @throws RuntimeException      as making it threw it: nothing kept, the next call tries again
     * @throws IllegalStateException if called by the code that makes it, while it does
     */
    public T get() {
        return once.get();
    }

    @Override
    public String toString() {
        return "FirstUse[" + name + "]";
    }
}
