package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import io.cpufeatures.x86.rules.X86Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Features the user removed ({@code cpufeatures.disable}): what depends on them falls too, each with the chain
 * down to the removed feature and the reason "disabled".
 */
class DisabledFeaturesTest {

    private static final X86Feature[] AVX512_CPU = {X86Feature.FPU, X86Feature.FXSR, X86Feature.MMX, X86Feature.SSE,
        X86Feature.SSE2, X86Feature.PNI, X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.AVX, X86Feature.FMA,
        X86Feature.AVX2, X86Feature.AVX512F, X86Feature.AVX512VL, X86Feature.AVX512BW, X86Feature.AVX512_VBMI2,
        X86Feature.AVX512_FP16, X86Feature.BMI1, X86Feature.BMI2, X86Feature.GFNI, X86Feature.VAES};

    private static Reason first(X86DecodedCpu cpu, X86Feature f) {
        List<Reason> r = cpu.reasons(f);
        assertFalse(r.isEmpty(), f + " has no reason");
        return r.get(0);
    }

    @Test
    void aFeatureWhoseOnlyProblemIsADependencyCarriesJustTheChain() {
        // AVX512_VBMI2 would be fine on its own, but the user removed AVX512VL.
        X86DecodedCpu cpu = X86Architecture.INSTANCE.decode(EmulatedCpu.intel(6, 0x8f, 8).features(java.util.Arrays.stream(AVX512_CPU).map(X86Feature::canonicalName).toArray(String[]::new)).osEnabled(0xe7).build(),
                Set.of(X86Feature.AVX512VL));
        List<Reason> r = cpu.reasons(X86Feature.AVX512_VBMI2);
        assertEquals(1, r.size(), r.toString());
        assertEquals(ReasonKind.DEPENDENCY, r.get(0).kind());
        assertEquals("avx512_vbmi2 <- avx512vl: avx512vl disabled: disabled by cpufeatures.disable", r.get(0).detail());
        assertEquals(ReasonKind.DISABLED, first(cpu, X86Feature.AVX512VL).kind());
        assertTrue(cpu.isUsable(X86Feature.AVX512F));
    }

    @Test
    void disablingCascadesAndIsReportedAsDisabled() {
        X86DecodedCpu cpu = X86Architecture.INSTANCE.decode(EmulatedCpu.intel(6, 0x8f, 8).features(java.util.Arrays.stream(AVX512_CPU).map(X86Feature::canonicalName).toArray(String[]::new)).osEnabled(0xe7).build(),
                Set.of(X86Feature.AVX));
        assertEquals(ReasonKind.DISABLED, first(cpu, X86Feature.AVX).kind());
        assertFalse(cpu.isUsable(X86Feature.AVX512_FP16));
        assertEquals("avx512_fp16 <- avx512bw <- avx512f <- avx: avx disabled: disabled by cpufeatures.disable",
                cpu.reasons(X86Feature.AVX512_FP16).get(0).detail());
    }
}
