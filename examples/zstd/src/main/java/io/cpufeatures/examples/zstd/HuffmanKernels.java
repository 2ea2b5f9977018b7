package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.util.List;

/**
 * The dispatch point {@code zstd.huffman}: the literals kernel, chosen once per process on first
 * use and held in a static final field. A {@link ZstdDecompressor} reads that field when it is
 * made: creating a context never probes the CPU, unlike libzstd's contexts, each of which runs
 * {@code ZSTD_cpuid()}, three CPUIDs (leaves 0, 1 and 7; zstd's {@code lib/common/cpu.h}); the
 * kernel's zstd probed per context too until "zstd: probe the CPU for BMI2 support once".
 */
public final class HuffmanKernels implements DispatchPointProvider {

    /** The point and its two candidates. */
    public static final DispatchPoint<HuffmanKernel> POINT = DispatchPoint.builder("zstd.huffman", HuffmanKernel.class)
            .candidate(GenericHuffmanKernel.class, GenericHuffmanKernel::new)
            .candidate(Bmi2HuffmanKernel.class, Bmi2HuffmanKernel::new)
            .build();

    /**
     * The chosen kernel, selected when this holder is first touched; a failed selection is the
     * point's DispatchException on every call, never an error initialising this class.
     */
    private static final class Chosen {
        static final Dispatched<HuffmanKernel> KERNEL = POINT.dispatched();
    }

    /** For ServiceLoader (tools find the point through it). */
    public HuffmanKernels() {
    }

    /**
     * The kernel this process uses (selecting it, once, if that has not happened yet).
     *
     * @throws io.cpufeatures.dispatch.DispatchException if no kernel can be selected (every call)
     */
    public static HuffmanKernel selected() {
        return Chosen.KERNEL.get();
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT);
    }
}
