package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Candidate;
import java.util.List;

/** Every candidate of {@code zstd.huffman}, made directly: the tests run each, whatever this CPU would select. */
final class AllKernels {

    /** One instance of each candidate, in registration order. */
    static final List<HuffmanKernel> LIST = HuffmanKernels.POINT.candidates().stream().map(Candidate::create).toList();

    private AllKernels() {
    }
}
