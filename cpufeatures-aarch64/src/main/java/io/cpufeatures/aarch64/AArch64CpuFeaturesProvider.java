package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.dump.AArch64DumpFormats;
import io.cpufeatures.aarch64.probe.AArch64Probe;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.kit.ArchitectureProvider;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.ProbeMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The AArch64 module as a {@link io.cpufeatures.core.kit.CpuFeaturesProvider}: probes with {@code AArch64Probe},
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

    /**
     * {@inheritDoc} On Linux the probed snapshot is one per core kind of the process's CPUs (sysfs gives each
     * CPU's MIDR_EL1): a big.LITTLE part is reported as a hybrid x86 part is, each kind with its own report
     * and the process-wide answer what every kind can run; each kind carries the caches sysfs lists.
     */
    @Override
    public ProbeResult probe(ProbeMode mode) {
        AArch64Probe probe = AArch64Probe.system();
        ProbeSequence.Result<AArch64Snapshot> r = probe.probe(mode);
        if (r.snapshot().isEmpty()) {
            return result(r);
        }
        return probed(probe.kinds(r.snapshot().get(), Runtime.getRuntime().availableProcessors()), r.source());
    }

    /** The report of {@code kinds}: the one kind's, or one entry per kind and what they all can run. */
    ProbeResult probed(List<AArch64Probe.Kind> kinds, ProbeSource source) {
        if (kinds.size() == 1) {
            AArch64Probe.Kind k = kinds.get(0);
            return new ProbeResult(features(k.snapshot(), Optional.empty(), k.caches()), source);
        }
        List<CpuKind<DecodedCpu>> each = new ArrayList<>();
        StringBuilder detail = new StringBuilder(source.detail()).append("; core kinds from sysfs:");
        for (AArch64Probe.Kind k : kinds) {
            each.add(new CpuKind<>(features(k.snapshot(), k.coreKind(), k.caches()), k.logicalCpus(), k.firstCpu()));
            detail.append(' ').append(k.coreKind().orElse("?")).append(" x").append(k.logicalCpus());
        }
        return ProbeResult.ofCoreKinds(each, new ProbeSource(source.kind(), detail.toString(), source.failures(),
                source.elapsed()));
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
