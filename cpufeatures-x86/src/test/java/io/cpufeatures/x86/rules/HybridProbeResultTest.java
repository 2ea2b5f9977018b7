package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.x86.rules.X86Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.kit.CoreTypeIntersection;
import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.probe.X86Probe;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A native probe's outcome on a hybrid part, as the provider hands it to the core: one report per core type. */
class HybridProbeResultTest {

    private static CpuidSnapshot core(int type, String... extra) {
        return EmulatedCpu.intel(6, 0x9a, 3).features("fpu", "cmov", "mmx", "fxsr", "sse", "sse2", "lm", "hybrid_cpu")
                .features(extra).leaf(0x1A, 0, type << 24 | 1, 0, 0, 0).build();
    }

    @Test
    void coreGroupsBecomeCoreKindsAnsweredAsTheirIntersection() {
        CpuidSnapshot p = core(0x40, "popcnt");
        CpuidSnapshot e = core(0x20);
        ProbeSource source = ProbeSource.of(SourceKind.NATIVE, "test");
        ProbeResult r = new KitModule<>(X86Architecture.INSTANCE).result(X86Architecture.probed(new X86Probe.Outcome(Optional.of(p), source,
                List.of(new CpuKind<>(p, 8, 0), new CpuKind<>(e, 12, 8)))));
        assertEquals(2, r.coreKinds().size());
        assertTrue(r.features() instanceof CoreTypeIntersection);
        assertEquals(Optional.of("performance"), r.coreKinds().get(0).cpu().coreType());
        assertEquals(Optional.of("efficiency"), r.coreKinds().get(1).cpu().coreType());
        assertTrue(r.coreKinds().get(0).cpu().usableNames().contains("popcnt"));
        assertFalse(r.features().usableNames().contains("popcnt"));
        assertEquals(Optional.empty(), r.features().coreType());
        // a part without core groups is the one CPU, as before
        ProbeResult one = new KitModule<>(X86Architecture.INSTANCE).result(X86Architecture.probed(new X86Probe.Outcome(Optional.of(p), source, List.of())));
        assertTrue(one.coreKinds().isEmpty());
        assertTrue(one.features().usableNames().contains("popcnt"));
    }
}
