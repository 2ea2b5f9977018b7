package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Once;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A library's process-wide value (its dispatch points' choices, say) made once, on the calling thread, where the
 * class-holder idiom would not do: a failure of the moment ({@link VirtualMachineError}: a stack or memory run out
 * while the value is made) is the failure of that call, not kept, and the next call makes the value again, where a
 * failed class initialiser would leave the class failed for the JVM's life. What the making logs is logged once the
 * value's lock is released, so a first use from inside a logging appender never waits for the appender's lock while
 * another thread that holds it waits for the value. No thread is started.
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
     * A value {@code make} makes on first use, on the thread that first asks for it.
     *
     * @param <T>  the value's type
     * @param name the value's name, e.g. {@code zstd-kernels}, for its {@link #toString()}; not null
     * @param make makes the value (never null); not null
     * @return the value's holder; nothing is made until {@link #get()}
     */
    public static <T> FirstUse<T> of(String name, Supplier<T> make) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(make, "make");
        return new FirstUse<>(name, new Once<>(make));
    }

    /**
     * The value, made now on this thread if no earlier call made it.
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
