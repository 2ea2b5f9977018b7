package io.cpufeatures.core;

/**
 * The raw, architecture-specific description of one CPU (for x86, the CPUID leaves and XCR0; for
 * AArch64, the HWCAP words and ID registers) that the facade's {@code of(snapshot)} decodes.
 * Implemented by each architecture module; immutable.
 */
public interface CpuSnapshot {

    /**
     * {@return the architecture the snapshot describes, as reports name it ({@code x86_64})}
     */
    String architecture();

    /** {@return where the snapshot came from: the probe, a dump file and its logical CPU, the emulation API} */
    SnapshotSource source();
}
