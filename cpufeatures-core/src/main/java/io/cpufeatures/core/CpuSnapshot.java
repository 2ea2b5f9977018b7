package io.cpufeatures.core;

/**
 * The raw, architecture-specific description of one CPU (for x86, the CPUID leaves and XCR0)
 * that {@link CpuFeatures#of(CpuSnapshot)} decodes. Implemented by each architecture module.
 */
public interface CpuSnapshot {

    /**
     * {@return the architecture the snapshot describes, as {@link CpuFeatures#architecture()} names it
     * ({@code x86_64})}
     */
    String architecture();
}
