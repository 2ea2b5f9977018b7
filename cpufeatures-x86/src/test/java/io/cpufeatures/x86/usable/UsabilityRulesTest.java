package io.cpufeatures.x86.usable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.X86Decoder;
import io.cpufeatures.x86.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsabilityRulesTest {

    private static final X86Feature[] AVX512_CPU = {X86Feature.FPU, X86Feature.FXSR, X86Feature.MMX, X86Feature.SSE,
        X86Feature.SSE2, X86Feature.PNI, X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.AVX, X86Feature.FMA,
        X86Feature.AVX2, X86Feature.AVX512F, X86Feature.AVX512VL, X86Feature.AVX512BW, X86Feature.AVX512_VBMI2,
        X86Feature.AVX512_FP16, X86Feature.BMI1, X86Feature.BMI2, X86Feature.GFNI, X86Feature.VAES};

    private static X86CpuInfo decode(EmulatedCpu.Builder cpu) {
        return X86Decoder.decode(cpu.build());
    }

    private static Reason first(X86CpuInfo cpu, X86Feature f) {
        List<Reason> r = cpu.reasons(f);
        assertFalse(r.isEmpty(), f + " has no reason");
        return r.get(0);
    }

    @Test
    void everythingIsUsableWhenXcr0EnablesIt() {
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).with(AVX512_CPU).supportedState(0xe7).osEnabled(0xe7));
        assertEquals(EnumSet.copyOf(List.of(AVX512_CPU)), cpu.usable());
        assertTrue(cpu.notUsable().isEmpty());
    }

    @Test
    void avx512NeedsOpmaskAndBothZmmComponentsAndNamesTheMissingOnes() {
        // No OS can enable OPMASK alone (Xcr0Rules), but a snapshot can claim it: the decoder names what is missing.
        X86CpuInfo cpu = X86Decoder.decode(EmulatedCpu.intel(6, 0x8f, 8).with(AVX512_CPU).build()
                .withXcr0(0x27, io.cpufeatures.x86.Xcr0Source.XGETBV));
        assertFalse(cpu.isUsable(X86Feature.AVX512F));
        Reason r = first(cpu, X86Feature.AVX512F);
        assertEquals(ReasonKind.XSAVE_STATE, r.kind());
        assertTrue(r.detail().contains("lacks ZMM_Hi256|Hi16_ZMM"), r.detail());
        assertTrue(cpu.isUsable(X86Feature.AVX2));
        assertTrue(cpu.isUsable(X86Feature.VAES), "VAES needs YMM state only");
        assertTrue(cpu.isUsable(X86Feature.GFNI), "GFNI is not an AVX-512 feature");
    }

    @Test
    void avxNeedsYmmStateAndItsFallTakesFmaAvx2AndAllOfAvx512() {
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).with(AVX512_CPU).osEnabled(0x3));
        for (X86Feature f : List.of(X86Feature.AVX, X86Feature.FMA, X86Feature.AVX2, X86Feature.AVX512F,
                X86Feature.AVX512VL, X86Feature.AVX512_VBMI2, X86Feature.AVX512_FP16, X86Feature.VAES)) {
            assertFalse(cpu.isUsable(f), f.canonicalName());
        }
        assertEquals(ReasonKind.XSAVE_STATE, first(cpu, X86Feature.AVX).kind());
        assertTrue(first(cpu, X86Feature.AVX).detail().contains("YMM_Hi128"));
        assertTrue(cpu.isUsable(X86Feature.SSE2));
        assertTrue(cpu.isUsable(X86Feature.BMI2), "BMI2 needs no XSAVE state");
    }

    @Test
    void withoutOsxsaveTheDependencyChainRunsDownToXsave() {
        // The AVX-512 CPU, but its OS never set CR4.OSXSAVE (and no PNI: leaf 1 as the old kernel left it).
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).with(Arrays.stream(AVX512_CPU)
                .filter(f -> f != X86Feature.OSXSAVE && f != X86Feature.PNI).toArray(X86Feature[]::new)));
        assertFalse(cpu.xcr0().osxsave());
        assertEquals(ReasonKind.OS_SUPPORT, first(cpu, X86Feature.XSAVE).kind());
        assertEquals(ReasonKind.OS_SUPPORT, first(cpu, X86Feature.AVX512_VBMI2).kind());
        Reason chain = cpu.reasons(X86Feature.AVX512_VBMI2).stream()
                .filter(r -> r.kind() == ReasonKind.DEPENDENCY).findFirst().orElseThrow();
        assertTrue(chain.detail().startsWith("avx512_vbmi2 <- avx512vl <- avx512f <- avx <- xsave: xsave os:"),
                chain.detail());
        assertTrue(cpu.isUsable(X86Feature.SSE2), "XMM state is FXSAVE-managed without OSXSAVE");
    }

    @Test
    void amxApxMpxAndPkuNeedTheirOwnXcr0Bits() {
        EmulatedCpu.Builder base = EmulatedCpu.intel(6, 0xad, 1).with(X86Feature.FPU, X86Feature.FXSR, X86Feature.XSAVE,
                X86Feature.OSXSAVE, X86Feature.XSAVES, X86Feature.XGETBV1, X86Feature.XFD, X86Feature.AMX_TILE,
                X86Feature.AMX_INT8, X86Feature.APX, X86Feature.MPX, X86Feature.PKU, X86Feature.OSPKE);
        X86CpuInfo none = decode(base.osEnabled(0x7));
        for (X86Feature f : List.of(X86Feature.AMX_TILE, X86Feature.APX, X86Feature.MPX, X86Feature.PKU)) {
            assertEquals(ReasonKind.XSAVE_STATE, first(none, f).kind(), f.canonicalName());
        }
        assertTrue(first(none, X86Feature.AMX_TILE).detail().contains("TILECFG|TILEDATA"));
        X86CpuInfo all = decode(EmulatedCpu.intel(6, 0xad, 1).with(X86Feature.FPU, X86Feature.FXSR, X86Feature.XSAVE,
                X86Feature.OSXSAVE, X86Feature.XSAVES, X86Feature.XGETBV1, X86Feature.XFD, X86Feature.AMX_TILE,
                X86Feature.AMX_INT8, X86Feature.APX, X86Feature.MPX, X86Feature.PKU, X86Feature.OSPKE)
                .osEnabled(0x7 | 0x18 | 0x200 | 0x60000 | 0x80000));
        for (X86Feature f : List.of(X86Feature.AMX_TILE, X86Feature.AMX_INT8, X86Feature.APX, X86Feature.MPX,
                X86Feature.PKU)) {
            assertTrue(all.isUsable(f), f.canonicalName() + " " + all.reasons(f));
        }
    }

    @Test
    void amxNeedsXfdAsTheKernelRequires() {
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).with(X86Feature.FPU, X86Feature.FXSR, X86Feature.XSAVE,
                X86Feature.OSXSAVE, X86Feature.AMX_TILE, X86Feature.AMX_BF16).osEnabled(0x60007));
        assertEquals("amx_tile <- xfd: xfd not present", cpu.reasons(X86Feature.AMX_TILE).get(0).detail());
        assertEquals("amx_bf16 <- amx_tile <- xfd: xfd not present", cpu.reasons(X86Feature.AMX_BF16).get(0).detail());
    }

    @Test
    void pkuNeedsTheOsToHaveSetCr4Pke() {
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x55, 4).with(X86Feature.FPU, X86Feature.FXSR, X86Feature.XSAVE,
                X86Feature.OSXSAVE, X86Feature.PKU).osEnabled(0x207));
        assertFalse(cpu.isUsable(X86Feature.PKU));
        assertEquals("pku <- ospke: ospke not present", cpu.reasons(X86Feature.PKU).get(0).detail());
    }

    @Test
    void sseFamilyNeedsSseStateOnlyWhenOsxsaveIsSet() {
        X86CpuInfo withOsxsave = decode(EmulatedCpu.intel(6, 0x2a, 7).with(X86Feature.FPU, X86Feature.FXSR,
                X86Feature.SSE, X86Feature.SSE2, X86Feature.XSAVE, X86Feature.OSXSAVE).osEnabled(0x1));
        assertFalse(withOsxsave.isUsable(X86Feature.SSE2));
        assertTrue(first(withOsxsave, X86Feature.SSE).detail().contains("lacks SSE"));
        X86CpuInfo withoutXsave = decode(EmulatedCpu.intel(6, 0xf, 2).with(X86Feature.FPU, X86Feature.FXSR,
                X86Feature.SSE, X86Feature.SSE2));
        assertTrue(withoutXsave.isUsable(X86Feature.SSE2));
    }

    @Test
    void unknownXcr0MakesXsaveStateFeaturesUnusableWithTheirOwnKindOfReason() {
        X86CpuInfo cpu = decode(EmulatedCpu.intel(6, 0x3c, 3).with(X86Feature.FPU, X86Feature.FXSR, X86Feature.SSE,
                X86Feature.SSE2, X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.AVX).withoutXsaveLeaf());
        assertEquals(ReasonKind.XSAVE_STATE_UNKNOWN, first(cpu, X86Feature.AVX).kind());
        assertTrue(cpu.isUsable(X86Feature.SSE2));
    }

    @Test
    void erratumSkl052ClearsBmiOnIntelWithoutAvxOnly() {
        X86CpuInfo pentium = decode(EmulatedCpu.intel(6, 0x5e, 3).with(X86Feature.BMI1, X86Feature.BMI2));
        assertEquals(ReasonKind.ERRATUM, first(pentium, X86Feature.BMI1).kind());
        assertTrue(first(pentium, X86Feature.BMI2).detail().startsWith("SKL052"));
        X86CpuInfo amd = decode(EmulatedCpu.amd(0x16, 0x30, 1).with(X86Feature.BMI1));
        assertTrue(amd.isUsable(X86Feature.BMI1));
        X86CpuInfo core = decode(EmulatedCpu.intel(6, 0x5e, 3).with(X86Feature.AVX, X86Feature.BMI1));
        assertTrue(core.isUsable(X86Feature.BMI1));
    }

    @Test
    void amdErrataHideXsavesOnFamily17hAndRdrandOnFamilies15hAnd16h() {
        X86CpuInfo zen2 = decode(EmulatedCpu.amd(0x17, 0x71, 0).with(X86Feature.FPU, X86Feature.FXSR,
                X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.XSAVES, X86Feature.RDRAND).osEnabled(0x7));
        assertEquals(ReasonKind.ERRATUM, first(zen2, X86Feature.XSAVES).kind());
        assertTrue(zen2.isUsable(X86Feature.RDRAND));
        X86CpuInfo jaguar = decode(EmulatedCpu.amd(0x16, 0x0, 1).with(X86Feature.RDRAND));
        assertEquals(ReasonKind.ERRATUM, first(jaguar, X86Feature.RDRAND).kind());
    }

    @Test
    void onlyXcr0StatesAnOsCanEnableAreAccepted() {
        for (long ok : new long[] {0x1, 0x3, 0x7, 0xe7, 0x1f, 0x2e7, 0x602e7, 0xe02ff}) {
            assertTrue(Xcr0Rules.violation(ok).isEmpty(), Long.toHexString(ok));
        }
        assertEquals("bit 0 (x87) is always set", Xcr0Rules.violation(0x6).orElseThrow());
        assertEquals("YMM_Hi128 (bit 2) needs SSE (bit 1)", Xcr0Rules.violation(0x5).orElseThrow());
        assertEquals("BNDREGS and BNDCSR (bits 3 and 4) are set together", Xcr0Rules.violation(0xf).orElseThrow());
        assertEquals("OPMASK, ZMM_Hi256 and Hi16_ZMM (bits 5 to 7) are set together", Xcr0Rules.violation(0x27).orElseThrow());
        assertEquals("the AVX-512 state (bits 5 to 7) needs YMM_Hi128 (bit 2)", Xcr0Rules.violation(0xe3).orElseThrow());
        assertEquals("TILECFG and TILEDATA (bits 17 and 18) are set together", Xcr0Rules.violation(0x20007).orElseThrow());
        String supervisor = "bits 8 and 10 to 16 are supervisor states, enabled in IA32_XSS, never in XCR0";
        for (int bit : new int[] {8, 10, 11, 12, 13, 14, 15, 16}) {
            assertEquals(supervisor, Xcr0Rules.violation(0x7 | 1L << bit).orElseThrow(), "bit " + bit);
        }
        for (int bit : new int[] {20, 31, 32, 62, 63}) {
            assertEquals("bits 20 to 63 are reserved (XSETBV refuses a reserved bit)",
                    Xcr0Rules.violation(0x7 | 1L << bit).orElseThrow(), "bit " + bit);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Xcr0Rules.check(0x27));
        assertTrue(e.getMessage().startsWith("XCR0 0x27 is no state an OS can enable: OPMASK"), e.getMessage());
    }
}
