package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Candidate;
import java.util.List;

/**
 * Every candidate of {@code zstd.huffman} and {@code zstd.copy}, made directly: the tests run
 * each, whatever this CPU and JVM would select.
 */
final class AllKernels {

    /** One instance of each {@code zstd.huffman} candidate, in registration order. */
    static final List<HuffmanKernel> HUFFMAN = HuffmanKernels.POINT.candidates().stream().map(Candidate::create).toList();

    /** One instance of each {@code zstd.copy} candidate, in registration order. */
    static final List<CopyKernel> COPY = CopyKernels.POINT.candidates().stream().map(Candidate::create).toList();

    /** Every pairing of the two points' candidates. */
    static final List<Kernels> LIST = HUFFMAN.stream()
            .flatMap(h -> COPY.stream().map(c -> new Kernels(h, c)))
            .toList();

    private AllKernels() {
    }
}
