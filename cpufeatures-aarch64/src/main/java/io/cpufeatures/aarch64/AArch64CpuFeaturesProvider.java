package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.dump.AArch64DumpFormats;
import io.cpufeatures.aarch64.probe.AArch64Probe;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.ArchitectureProvider;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.spi.ProbeMode;
import java.util.List;
import java.util.Set;

/**
 * The AArch64 module as a {@link io.cpufeatures.core.spi.CpuFeaturesProvider}: probes with {@code AArch64Probe},
 * decodes with {@link AArch64Decoder} (the kit's layers with the AArch64 tables), reads and writes its dump format
 * ({@link AArch64DumpFormats}: its own dump and a macOS sysctl listing), names with its vocabulary. Registered for {@link java.util.ServiceLoader}; it probes
 * JVMs whose {@code os.arch} is {@code aarch64} (Linux, macOS, Windows) or {@code arm64}.
 */
public final class AArch64CpuFeaturesProvider extends ArchitectureProvider<AArch64Feature, AArch64Snapshot, AArch64CpuInfo> {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public AArch64CpuFeaturesProvider() {
        super(AArch64Rules.INSTANCE, AArch64Snapshot.class, AArch64Rules.VOCABULARY, Set.of("aarch64", "arm64"));
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return AArch64Description.KINDS;
    }

    @Override
    protected SnapshotFormat<AArch64Snapshot> format() {
        return AArch64DumpFormats.ALL;
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        return result(AArch64Probe.system().probe(mode));
    }

    /**
     * FP and Advanced SIMD: every AArch64 CPU an OS this library runs on supports has them (Armv8-A makes both
     * mandatory where an OS uses them: the Linux, macOS and Windows arm64 ABIs pass floating-point and vector
     * arguments in their registers).
     */
    @Override
    protected Set<String> baseline() {
        return Set.of(AArch64Feature.FP.canonicalName(), AArch64Feature.ASIMD.canonicalName());
    }
}
