package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.rules.AArch64Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.aarch64.probe.AArch64Probe;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.kit.CoreTypeIntersection;
import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The probe's core kinds as the provider hands them to the core: one report per kind and their intersection. */
class CoreKindsProbeResultTest {

    @Test
    void severalKindsAreOneReportEachAndTheWholeIsWhatEveryKindRuns() {
        AArch64Snapshot little = ReferenceArmCpus.cortexA53().snapshot();
        AArch64Snapshot big = ReferenceArmCpus.cortexA72().snapshot();
        ProbeResult r = new KitModule<>(AArch64Architecture.INSTANCE).result(AArch64Architecture.probed(List.of(
                new AArch64Probe.Kind(little, 4, 0, Optional.of("Cortex-A53"), List.of()),
                new AArch64Probe.Kind(big, 2, 4, Optional.of("Cortex-A72"), List.of())), ProbeSource.of(SourceKind.NATIVE, "t")));
        assertEquals(2, r.coreKinds().size());
        assertEquals(Optional.of("Cortex-A53"), r.coreKinds().get(0).cpu().coreType());
        assertTrue(r.features() instanceof CoreTypeIntersection);
        assertEquals("every core type (Cortex-A53: 4 logical CPUs, Cortex-A72: 2)",
                ((CoreTypeIntersection) r.features()).describeKinds());
        assertEquals("t; core kinds from sysfs: Cortex-A53 x4 Cortex-A72 x2", r.source().detail());
        ProbeResult one = new KitModule<>(AArch64Architecture.INSTANCE).result(AArch64Architecture.probed(List.of(
                new AArch64Probe.Kind(big, 6, 0, Optional.empty(), List.of())), ProbeSource.of(SourceKind.NATIVE, "t")));
        assertTrue(one.coreKinds().isEmpty());
        assertEquals(Optional.empty(), one.features().coreType());
    }
}
