package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.FirstUse;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The kernels one context decodes with: the choices of {@code zstd.huffman} and {@code zstd.copy},
 * or, for tests and benchmarks, specific candidates.
 *
 * @param huffman decodes Huffman-coded literals
 * @param copy    copies literals and matches in the sequence loop
 */
record Kernels(HuffmanKernel huffman, CopyKernel copy) {

    Kernels {
        Objects.requireNonNull(huffman, "huffman");
        Objects.requireNonNull(copy, "copy");
    }

    /** The candidates' class names, for test messages: {@code GenericHuffmanKernel + Vector128CopyKernel}. */
    @Override
    public String toString() {
        return huffman.getClass().getSimpleName() + " + " + copy.getClass().getSimpleName();
    }

    /**
     * The process-wide choices, made the first time on a thread of their own ({@link FirstUse}): a
     * context may be made first on any thread, one with little stack left among them, and the points'
     * classes initialise while they are made. No static initialiser here: a field read, then the value.
     */
    private static volatile FirstUse<Choice> selected;

    /** Both points' choices, or the failure of one (kept: the point keeps it too). */
    private record Choice(Kernels kernels, DispatchException failure) {
    }

    /**
     * The process-wide choices of both points.
     *
     * @throws DispatchException if a point cannot choose (every call)
     */
    static Kernels selected() {
        FirstUse<Choice> f = selected;
        if (f == null) {
            // two threads racing here make two holders, and the points choose once whichever runs
            selected = f = FirstUse.of("zstd-kernels", new Selecting());
        }
        Choice c = f.get();
        if (c.failure() != null) {
            throw c.failure().again();
        }
        return c.kernels();
    }

    /** Makes the choices on the maker thread. A class, not a lambda: no bootstrap on the caller's stack. */
    private static final class Selecting implements Supplier<Choice> {
        @Override
        public Choice get() {
            try {
                return new Choice(new Kernels(HuffmanKernels.selected(), CopyKernels.selected()), null);
            } catch (DispatchException e) {
                return new Choice(null, e);
            }
        }
    }
}
