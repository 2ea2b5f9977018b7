package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
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

    private static X86DecodedCpu decode(EmulatedCpu.Builder cpu) {
        return X86DecodedCpu.of(cpu.build());
    }

    private static Reason first(X86DecodedCpu cpu, X86Feature f) {
        List<Reason> r = cpu.reasons(f);
        assertFalse(r.isEmpty(), f + " has no reason");
        return r.get(0);
    }

    @Test
    void everythingIsUsableWhenXcr0EnablesIt() {
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).features(java.util.Arrays.stream(AVX512_CPU).map(X86Feature::canonicalName).toArray(String[]::new)).supportedState(0xe7).osEnabled(0xe7));
        assertEquals(EnumSet.copyOf(List.of(AVX512_CPU)), cpu.usable());
        assertTrue(cpu.notUsable().isEmpty());
    }

    @Test
    void avx512NeedsOpmaskAndBothZmmComponentsAndNamesTheMissingOnes() {
        // No OS can enable OPMASK alone (Xcr0Rules), but a snapshot can claim it: the decoder names what is missing.
        X86DecodedCpu cpu = X86DecodedCpu.of(EmulatedCpu.intel(6, 0x8f, 8).features(java.util.Arrays.stream(AVX512_CPU).map(X86Feature::canonicalName).toArray(String[]::new)).build()
                .withXcr0(0x27, io.cpufeatures.x86.Xcr0Source.XGETBV));
        assertFalse(cpu.isUsable(X86Feature.AVX512F));
        Reason r = first(cpu, X86Feature.AVX512F);
        assertEquals(ReasonKind.REGISTER_STATE, r.kind());
        assertTrue(r.detail().contains("lacks ZMM_Hi256|Hi16_ZMM"), r.detail());
        assertTrue(cpu.isUsable(X86Feature.AVX2));
        assertTrue(cpu.isUsable(X86Feature.VAES), "VAES needs YMM state only");
        assertTrue(cpu.isUsable(X86Feature.GFNI), "GFNI is not an AVX-512 feature");
    }

    @Test
    void avxNeedsYmmStateAndItsFallTakesFmaAvx2AndAllOfAvx512() {
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).features(java.util.Arrays.stream(AVX512_CPU).map(X86Feature::canonicalName).toArray(String[]::new)).osEnabled(0x3));
        for (X86Feature f : List.of(X86Feature.AVX, X86Feature.FMA, X86Feature.AVX2, X86Feature.AVX512F,
                X86Feature.AVX512VL, X86Feature.AVX512_VBMI2, X86Feature.AVX512_FP16, X86Feature.VAES)) {
            assertFalse(cpu.isUsable(f), f.canonicalName());
        }
        assertEquals(ReasonKind.REGISTER_STATE, first(cpu, X86Feature.AVX).kind());
        assertTrue(first(cpu, X86Feature.AVX).detail().contains("YMM_Hi128"));
        assertTrue(cpu.isUsable(X86Feature.SSE2));
        assertTrue(cpu.isUsable(X86Feature.BMI2), "BMI2 needs no XSAVE state");
    }

    @Test
    void withoutOsxsaveTheDependencyChainRunsDownToXsave() {
        // The AVX-512 CPU, but its OS never set CR4.OSXSAVE (and no PNI: leaf 1 as the old kernel left it).
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).features(Arrays.stream(AVX512_CPU)
                .filter(f -> f != X86Feature.OSXSAVE && f != X86Feature.PNI).map(X86Feature::canonicalName).toArray(String[]::new)));
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
        EmulatedCpu.Builder base = EmulatedCpu.intel(6, 0xad, 1).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.XSAVE.canonicalName(),
                X86Feature.OSXSAVE.canonicalName(), X86Feature.XSAVES.canonicalName(), X86Feature.XGETBV1.canonicalName(), X86Feature.XFD.canonicalName(), X86Feature.AMX_TILE.canonicalName(),
                X86Feature.AMX_INT8.canonicalName(), X86Feature.APX.canonicalName(), X86Feature.MPX.canonicalName(), X86Feature.PKU.canonicalName(), X86Feature.OSPKE.canonicalName());
        X86DecodedCpu none = decode(base.osEnabled(0x7));
        for (X86Feature f : List.of(X86Feature.AMX_TILE, X86Feature.APX, X86Feature.MPX, X86Feature.PKU)) {
            assertEquals(ReasonKind.REGISTER_STATE, first(none, f).kind(), f.canonicalName());
        }
        assertTrue(first(none, X86Feature.AMX_TILE).detail().contains("TILECFG|TILEDATA"));
        X86DecodedCpu all = decode(EmulatedCpu.intel(6, 0xad, 1).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.XSAVE.canonicalName(),
                X86Feature.OSXSAVE.canonicalName(), X86Feature.XSAVES.canonicalName(), X86Feature.XGETBV1.canonicalName(), X86Feature.XFD.canonicalName(), X86Feature.AMX_TILE.canonicalName(),
                X86Feature.AMX_INT8.canonicalName(), X86Feature.APX.canonicalName(), X86Feature.MPX.canonicalName(), X86Feature.PKU.canonicalName(), X86Feature.OSPKE.canonicalName())
                .osEnabled(0x7 | 0x18 | 0x200 | 0x60000 | 0x80000));
        for (X86Feature f : List.of(X86Feature.AMX_TILE, X86Feature.AMX_INT8, X86Feature.APX, X86Feature.MPX,
                X86Feature.PKU)) {
            assertTrue(all.isUsable(f), f.canonicalName() + " " + all.reasons(f));
        }
    }

    @Test
    void amxNeedsXfdAsTheKernelRequires() {
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x8f, 8).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.XSAVE.canonicalName(),
                X86Feature.OSXSAVE.canonicalName(), X86Feature.AMX_TILE.canonicalName(), X86Feature.AMX_BF16.canonicalName()).osEnabled(0x60007));
        assertEquals("amx_tile <- xfd: xfd not present", cpu.reasons(X86Feature.AMX_TILE).get(0).detail());
        assertEquals("amx_bf16 <- amx_tile <- xfd: xfd not present", cpu.reasons(X86Feature.AMX_BF16).get(0).detail());
    }

    @Test
    void pkuNeedsTheOsToHaveSetCr4Pke() {
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x55, 4).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.XSAVE.canonicalName(),
                X86Feature.OSXSAVE.canonicalName(), X86Feature.PKU.canonicalName()).osEnabled(0x207));
        assertFalse(cpu.isUsable(X86Feature.PKU));
        assertEquals("pku <- ospke: ospke not present", cpu.reasons(X86Feature.PKU).get(0).detail());
    }

    @Test
    void sseFamilyNeedsSseStateOnlyWhenOsxsaveIsSet() {
        X86DecodedCpu withOsxsave = decode(EmulatedCpu.intel(6, 0x2a, 7).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(),
                X86Feature.SSE.canonicalName(), X86Feature.SSE2.canonicalName(), X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName()).osEnabled(0x1));
        assertFalse(withOsxsave.isUsable(X86Feature.SSE2));
        assertTrue(first(withOsxsave, X86Feature.SSE).detail().contains("lacks SSE"));
        X86DecodedCpu withoutXsave = decode(EmulatedCpu.intel(6, 0xf, 2).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(),
                X86Feature.SSE.canonicalName(), X86Feature.SSE2.canonicalName()));
        assertTrue(withoutXsave.isUsable(X86Feature.SSE2));
    }

    @Test
    void unknownXcr0MakesXsaveStateFeaturesUnusableWithTheirOwnKindOfReason() {
        X86DecodedCpu cpu = decode(EmulatedCpu.intel(6, 0x3c, 3).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.SSE.canonicalName(),
                X86Feature.SSE2.canonicalName(), X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.AVX.canonicalName()).withoutXsaveLeaf());
        assertEquals(ReasonKind.REGISTER_STATE_UNKNOWN, first(cpu, X86Feature.AVX).kind());
        assertTrue(cpu.isUsable(X86Feature.SSE2));
    }

    @Test
    void erratumSkl052ClearsBmiOnIntelWithoutAvxOnly() {
        X86DecodedCpu pentium = decode(EmulatedCpu.intel(6, 0x5e, 3).features(X86Feature.BMI1.canonicalName(), X86Feature.BMI2.canonicalName()));
        assertEquals(ReasonKind.ERRATUM, first(pentium, X86Feature.BMI1).kind());
        assertTrue(first(pentium, X86Feature.BMI2).detail().startsWith("SKL052"));
        X86DecodedCpu amd = decode(EmulatedCpu.amd(0x16, 0x30, 1).features(X86Feature.BMI1.canonicalName()));
        assertTrue(amd.isUsable(X86Feature.BMI1));
        X86DecodedCpu core = decode(EmulatedCpu.intel(6, 0x5e, 3).features(X86Feature.AVX.canonicalName(), X86Feature.BMI1.canonicalName()));
        assertTrue(core.isUsable(X86Feature.BMI1));
    }

    @Test
    void amdErrataHideXsavesOnFamily17hAndRdrandOnFamilies15hAnd16h() {
        X86DecodedCpu zen2 = decode(EmulatedCpu.amd(0x17, 0x71, 0).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(),
                X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.XSAVES.canonicalName(), X86Feature.RDRAND.canonicalName()).osEnabled(0x7));
        assertEquals(ReasonKind.ERRATUM, first(zen2, X86Feature.XSAVES).kind());
        assertTrue(zen2.isUsable(X86Feature.RDRAND));
        X86DecodedCpu jaguar = decode(EmulatedCpu.amd(0x16, 0x0, 1).features(X86Feature.RDRAND.canonicalName()));
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
