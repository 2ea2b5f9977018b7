package io.cpufeatures.x86;

import io.cpufeatures.x86.table.PsAbiLevel;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.rules.X86DecodedCpu;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.dump.DumpFormat;
import io.cpufeatures.x86.testing.BundledDumps;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The decoder end to end on real CPUs bundled with the tests (libcpuid dumps). */
class BundledDumpsDecodingTest {

    private static X86DecodedCpu first(String name) {
        return X86DecodedCpu.of(BundledDumps.load(name).kinds().get(0).cpu());
    }

    @Test
    void sandyBridgeWhoseOsLeftYmmStateOffIsLevelV2() {
        X86DecodedCpu cpu = first("intel-core-i7-2600k-cpu.test");
        assertEquals(Optional.of("Sandy Bridge"), cpu.microarchitecture());
        assertTrue(cpu.present().contains(X86Feature.AVX));
        assertFalse(cpu.isUsable(X86Feature.AVX));
        assertEquals(ReasonKind.REGISTER_STATE, cpu.reasons(X86Feature.AVX).get(0).kind());
        assertEquals(Xcr0Source.INFERRED_FROM_LEAF_0xD, cpu.xcr0().source());
        assertEquals(0x3, cpu.xcr0().value().getAsLong());
        assertEquals(PsAbiLevel.V2, cpu.level());
    }

    @Test
    void skylakeXFromLibcpuidRawFormatIsLevelV4AndPrefersYmm() {
        SnapshotDump<CpuidSnapshot> dump = BundledDumps.load("intel-core-i9-9820x-cpu.test");
        assertEquals(DumpFormat.LIBCPUID_RAW.id(), dump.format());
        assertEquals(20, dump.logicalCpus());
        assertEquals(1, dump.kinds().size());
        X86DecodedCpu cpu = X86DecodedCpu.of(dump.kinds().get(0).cpu());
        assertEquals(Optional.of("Skylake-SP"), cpu.microarchitecture());
        assertTrue(cpu.isUsable(X86Feature.AVX512F));
        assertEquals(PsAbiLevel.V4, cpu.level());
        assertTrue(cpu.hasPolicy(PolicyFlag.PREFER_YMM));
    }

    @Test
    void cascadeLakeIsToldApartAndPrefersYmmToo() {
        X86DecodedCpu cpu = first("intel-core-i9-10980xe-cpu.test");
        assertEquals(Optional.of("Cascade Lake"), cpu.microarchitecture());
        assertTrue(cpu.isUsable(X86Feature.AVX512_VNNI));
        assertTrue(cpu.hasPolicy(PolicyFlag.PREFER_YMM));
    }

    @Test
    void zen4HasUsableAvx512AndNoYmmPreference() {
        X86DecodedCpu cpu = first("amd-ryzen-7-7700x-8-core-processor.test");
        assertEquals(Optional.of("Zen 4"), cpu.microarchitecture());
        for (X86Feature f : List.of(X86Feature.AVX512F, X86Feature.AVX512BW, X86Feature.AVX512VL,
                X86Feature.AVX512_BF16, X86Feature.AVX512_VBMI2, X86Feature.GFNI, X86Feature.VAES)) {
            assertTrue(cpu.isUsable(f), f.canonicalName());
        }
        assertEquals(PsAbiLevel.V4, cpu.level());
        assertFalse(cpu.hasPolicy(PolicyFlag.PREFER_YMM));
    }

    @Test
    void alderLakeIsTwoKindsOfCpuWithoutAvx512() {
        SnapshotDump<CpuidSnapshot> dump = BundledDumps.load("12th-gen-intel-core-i9-12900hk.test");
        assertEquals(2, dump.kinds().size());
        assertEquals(List.of(12, 8), dump.kinds().stream().map(CpuKind::logicalCpus).toList());
        X86DecodedCpu p = X86DecodedCpu.of(dump.kinds().get(0).cpu());
        X86DecodedCpu e = X86DecodedCpu.of(dump.kinds().get(1).cpu());
        assertEquals(0x40, p.identity().coreType().getAsInt());
        assertEquals(0x20, e.identity().coreType().getAsInt());
        assertEquals(Optional.of("Alder Lake (Golden Cove)"), p.microarchitecture());
        assertEquals(Optional.of("Alder Lake (Gracemont)"), e.microarchitecture());
        for (X86DecodedCpu cpu : List.of(p, e)) {
            assertTrue(cpu.isUsable(X86Feature.AVX_VNNI));
            assertFalse(cpu.present().contains(X86Feature.AVX512F));
            assertEquals(PsAbiLevel.V3, cpu.level());
        }
    }

    @Test
    void excavatorFromRawFormatInfersAvxStateWithoutSubleaves() {
        X86DecodedCpu cpu = first("amd-a8-7680-radeon-r7-10-compute-cores-4c+6g.test");
        assertEquals(Optional.of("Excavator"), cpu.microarchitecture());
        assertTrue(cpu.isUsable(X86Feature.AVX2));
        assertTrue(cpu.isUsable(X86Feature.XOP));
        assertEquals(0x7, cpu.xcr0().value().getAsLong(), "AVX state found at its fixed place 576..832");
        assertEquals(PsAbiLevel.V3, cpu.level());
    }

    @Test
    void olderCpusStopAtTheirLevel() {
        assertEquals(PsAbiLevel.V3, first("intel-core-i7-4750hq-cpu.test").level());
        assertEquals(Optional.of("Haswell"), first("intel-core-i7-4750hq-cpu.test").microarchitecture());
        assertEquals(PsAbiLevel.V1, first("intel-core2-duo-cpu-t7500.test").level());
        X86DecodedCpu pentium = first("intel-pentium-cpu-g4400.test");
        assertFalse(pentium.present().contains(X86Feature.AVX));
        assertEquals(PsAbiLevel.V2, pentium.level());
    }
}
