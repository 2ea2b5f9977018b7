package io.cpufeatures.examples.zstd;

import java.util.Objects;

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

    /** The process-wide choices of both points. */
    static Kernels selected() {
        return new Kernels(HuffmanKernels.selected(), CopyKernels.selected());
    }
}
