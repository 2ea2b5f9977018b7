package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.Xcr0State;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import org.junit.jupiter.api.Test;

class Xcr0InferenceTest {

    /** A Skylake-SP whose XCR0 is to be inferred from leaf 0xD, as in a dump. */
    private static EmulatedCpu.Builder skylakeSp() {
        return EmulatedCpu.intel(6, 0x55, 4).features(X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.AVX.canonicalName(),
                X86Feature.AVX512F.canonicalName()).xcr0Unknown();
    }

    /** Leaves the (0xD, n) subleaf of every component of {@code mask} reading zero, as Zen 2 and 3 do for PKRU. */
    private static EmulatedCpu.Builder zeroSubleaves(EmulatedCpu.Builder cpu, long mask) {
        for (int c = 2; c < 64; c++) {
            if ((mask >>> c & 1) != 0) {
                cpu.leaf(0xD, c, 0, 0, 0, 0);
            }
        }
        return cpu;
    }

    @Test
    void anXgetbvValueIsTakenAsIs() {
        // Leaf 0xD says every supported component is enabled; XGETBV, which is the truth, says 0x7.
        Xcr0State s = Xcr0Inference.of(EmulatedCpu.intel(6, 0x55, 4).features(X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(),
                X86Feature.AVX.canonicalName(), X86Feature.AVX512F.canonicalName()).leaf(0xD, 0, 0x2ff, 2696, 2696, 0).osEnabled(0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertEquals(Xcr0Source.XGETBV, s.source());
    }

    @Test
    void enabledSizeEqualToTheMaximumMeansEverySupportedComponentIsEnabled() {
        Xcr0State s = Xcr0Inference.of(zeroSubleaves(skylakeSp().supportedState(0x2ff).osEnabled(0x2ff), 0x2ff).build());
        assertEquals(Xcr0Source.INFERRED_FROM_LEAF_0xD, s.source());
        assertEquals(0x2ff, s.value().getAsLong());
        assertEquals(0, s.undetermined());
    }

    @Test
    void componentsEndingBeyondTheEnabledSizeAreNotEnabled() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().supportedState(0x2ff).osEnabled(0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertFalse(s.enables(0xE7));
        assertTrue(s.enables(0x7));
    }

    @Test
    void onlyTheLegacyAreaMeansOnlyX87AndSse() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().supportedState(0x7).osEnabled(0x3).build());
        assertEquals(0x3, s.value().getAsLong());
    }

    @Test
    void aZeroSubleafIsNoProofEitherWayWithoutAKnownLayoutButAvxHasItsFixedPlace() {
        // A Hygon CPU (no layout known): x87, SSE, AVX and AVX-512 enabled (end 2688) but not PKRU;
        // the subleaves read zero, so only AVX's place is known.
        EmulatedCpu.Builder cpu = EmulatedCpu.of(X86Vendor.HYGON, 0x18, 1, 1).features(X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(),
                X86Feature.AVX.canonicalName(), X86Feature.AVX512F.canonicalName()).xcr0Unknown().supportedState(0x2e7).osEnabled(0xe7);
        Xcr0State s = Xcr0Inference.of(zeroSubleaves(cpu, 0x2e7).build());
        assertEquals(0x7, s.value().getAsLong(), "only AVX's place is known without subleaves");
        assertEquals(0x2e0, s.undetermined());
        assertEquals(0, s.assumed());
        assertTrue(s.describe().contains("undetermined"), s.describe());
    }

    @Test
    void anAreaOfOnlyTheLegacyRegionIsX87AndSseEvenWhenLeaf0xDDoesNotListSse() {
        // CPUID.(0xD,0) as a hypervisor may pass it: EAX lists x87 alone, EBX = ECX = 576. The 512-byte
        // legacy region holds x87 and SSE state together, so 576 bytes cannot tell 0x1 from 0x3; an OS
        // that set OSXSAVE runs SSE. Inferring 0x1 (as this class did) made SSE and all after it unusable.
        CpuidSnapshot cpu = EmulatedCpu.intel(6, 0x1d, 1).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(), X86Feature.SSE.canonicalName(), X86Feature.SSE2.canonicalName(),
                X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName()).xcr0Unknown().leaf(0xD, 0, 0x1, 576, 576, 0).build();
        Xcr0State s = Xcr0Inference.of(cpu);
        assertEquals(0x3, s.value().getAsLong());
        assertEquals("XCR0=0x3 (inferred from CPUID.(0xD,0).EBX) (SSE assumed: a 576-byte area holds x87 and SSE"
                + " state together)", s.describe());
        assertTrue(X86DecodedCpu.of(cpu).isUsable(X86Feature.SSE2));
    }

    /** A Skylake-SP as old AIDA64 builds dump it: no subleaf for the AVX-512 components. */
    private static EmulatedCpu.Builder skylakeSpWithoutAvx512Subleaves(int enabledSize) {
        EmulatedCpu.Builder cpu = skylakeSp().features(X86Feature.PKU.canonicalName(), X86Feature.OSPKE.canonicalName()).supportedState(0x2e7)
                .leaf(0xD, 0, 0x2e7, enabledSize, 2696, 0);
        return zeroSubleaves(cpu, 0xe0);
    }

    @Test
    void missingAvx512SubleavesArePlacedByIntelsLayoutWhenEcxAgrees() {
        // EBX = 2688 ends exactly at Hi16_ZMM in Intel's layout, before PKRU (2688..2696 = ECX).
        Xcr0State s = Xcr0Inference.of(skylakeSpWithoutAvx512Subleaves(2688).build());
        assertEquals(0xe7, s.value().getAsLong());
        assertEquals(0, s.undetermined());
        assertEquals(0xe0, s.assumed());
        assertTrue(StateCheck.of(X86Feature.AVX512F, s).passes());
        assertEquals("XCR0=0xe7 (inferred from CPUID.(0xD,0).EBX) lacks PKRU",
                StateCheck.of(X86Feature.PKU, s).refusal().orElseThrow().detail(), "PKRU's own subleaf placed it");
        // An OS that enabled AVX state only: the verdict on AVX-512 rests on the layout, and says so.
        X86DecodedCpu info = X86DecodedCpu.of(ReferenceCpus.skylakeSp().xcr0Unknown().supportedState(0x2e7)
                .osEnabled(0x7).leaf(0xD, 5, 0, 0, 0, 0).leaf(0xD, 6, 0, 0, 0, 0).leaf(0xD, 7, 0, 0, 0, 0).build());
        assertEquals("XCR0=0x7 (inferred from CPUID.(0xD,0).EBX; OPMASK|ZMM_Hi256|Hi16_ZMM placed by Intel's standard"
                + " layout (their CPUID.(0xD,n) subleaves are missing or zero; the layout matches the reported ones and"
                + " CPUID.(0xD,0).ECX=2696)) lacks OPMASK|ZMM_Hi256|Hi16_ZMM", info.reasons(X86Feature.AVX512F).get(0).detail());
    }

    @Test
    void aLayoutThatDisagreesWithEcxOrAReportedSubleafIsNotUsed() {
        Xcr0State wrongEcx = Xcr0Inference.of(skylakeSpWithoutAvx512Subleaves(2688).leaf(0xD, 0, 0x2e7, 2688, 2700, 0).build());
        assertEquals(0x7, wrongEcx.value().getAsLong());
        assertEquals(0xe0, wrongEcx.undetermined());
        Xcr0State movedPkru = Xcr0Inference.of(skylakeSpWithoutAvx512Subleaves(2688).leaf(0xD, 9, 8, 2432, 0, 0).build());
        assertEquals(0xe0, movedPkru.undetermined(), "PKRU is not where Intel's layout has it: the layout is not used");
    }

    @Test
    void amdsZen4LayoutIsNotIntels() {
        // A Zen 4 with the AVX-512 subleaves missing, everything but PKRU enabled: its layout ends
        // Hi16_ZMM at 2432 and PKRU at 2440 (ECX). Intel's offsets would put Hi16_ZMM beyond EBX.
        CpuidSnapshot zen4 = EmulatedCpu.amd(0x19, 0x61, 2).features(X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.AVX.canonicalName(),
                X86Feature.AVX512F.canonicalName()).xcr0Unknown().supportedState(0x2e7).leaf(0xD, 0, 0x2e7, 2432, 2440, 0)
                .leaf(0xD, 5, 0, 0, 0, 0).leaf(0xD, 6, 0, 0, 0, 0).leaf(0xD, 7, 0, 0, 0, 0).build();
        assertEquals(new io.cpufeatures.x86.CpuidRegisters(8, 2432, 0, 0), zen4.read(0xD, 9));
        Xcr0State s = Xcr0Inference.of(zen4);
        assertEquals(0xe7, s.value().getAsLong());
        assertEquals(0xe0, s.assumed());
        assertTrue(s.describe().contains("AMD's Zen 3 and later layout"), s.describe());
    }

    @Test
    void anEmulatedAmdCpuReportsAmdsLayout() {
        CpuidSnapshot zen4 = EmulatedCpu.amd(0x19, 0x61, 2).features(X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.AVX.canonicalName(),
                X86Feature.AVX512F.canonicalName(), X86Feature.PKU.canonicalName()).xcr0Unknown().build();
        assertEquals(new io.cpufeatures.x86.CpuidRegisters(1024, 1408, 0, 0), zen4.read(0xD, 7));
        assertEquals(2440, zen4.read(0xD, 0).ecx());
        assertEquals(0x2e7, Xcr0Inference.of(zen4).value().getAsLong());
    }

    @Test
    void withoutOsxsaveXcr0IsNotReadable() {
        Xcr0State s = Xcr0Inference.of(EmulatedCpu.intel(6, 0x3c, 3).features(X86Feature.XSAVE.canonicalName(), X86Feature.AVX.canonicalName())
                .supportedState(0x7).osEnabled(0x7).build());
        assertFalse(s.osxsave());
        assertTrue(s.value().isEmpty());
        assertEquals(Xcr0Source.UNKNOWN, s.source());
    }

    @Test
    void withoutLeaf0xDXcr0IsUnknown() {
        CpuidSnapshot noLeaf0xD = CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 1, 0x756e6547, 0x6c65746e, 0x49656e69)
                .put(1, 0, 0x306c3, 0, 1 << 26 | 1 << 27, 0).build();
        Xcr0State s = Xcr0Inference.of(noLeaf0xD);
        assertTrue(s.osxsave());
        assertTrue(s.value().isEmpty());
    }
}
