package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.util.List;

/**
 * The dispatch point {@code zstd.copy}: how the sequence loop copies literals and matches
 * ({@link CopyKernel}). The choice is made once per process, when the first context is made, and
 * every context then reads it.
 */
public final class CopyKernels implements DispatchPointProvider {

    /** The point and its two candidates. */
    public static final DispatchPoint<CopyKernel> POINT = DispatchPoint.builder("zstd.copy", CopyKernel.class)
            .candidate(GenericCopyKernel.class)
            .candidate(Vector128CopyKernel.class)
            .build();

    /**
     * The chosen kernel, selected when this holder is first touched; a failed selection is the
     * point's DispatchException on every call, never an error initialising this class.
     */
    private static final class Chosen {
        static final Dispatched<CopyKernel> KERNEL = POINT.dispatched();
    }

    /** For ServiceLoader (tools find the point through it). */
    public CopyKernels() {
    }

    /**
     * The kernel this process uses (selecting it, once, if that has not happened yet).
     *
     * @throws io.cpufeatures.dispatch.DispatchException if no kernel can be selected (every call)
     */
    public static CopyKernel selected() {
        return Chosen.KERNEL.get();
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT);
    }
}
