package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * HotSpot's x86 start-up rules on CPUs no machine here is, each rule alone: Skylake-SP's AVX-512 kept off by default,
 * Zhaoxin's AVX, AMD before family 0x17, what JDK 25 changed (AVX needs SSE4, LZCNT of any vendor, AVX10), the options
 * that change the defaults, and every case where the rules answer nothing. (On this machine and under qemu, against
 * the MXBean: verification's HotSpotFlagsDerivationTest.)
 */
class HotSpotX86FlagsTest {

    private static final int GENU = 0x756e6547;
    private static final int INEI = 0x49656e69;
    private static final int NTEL = 0x6c65746e;
    private static final int AUTH = 0x68747541;
    private static final int ENTI = 0x69746e65;
    private static final int CAMD = 0x444d4163;

    /** SSE, SSE2 (EDX); SSE3, SSSE3, FMA, SSE4.1, SSE4.2, POPCNT, AES, OSXSAVE, AVX (ECX). */
    private static final int EDX1 = 1 << 25 | 1 << 26 | 1 << 19;
    private static final int ECX1_AVX = 1 | 1 << 9 | 1 << 12 | 1 << 19 | 1 << 20 | 1 << 23 | 1 << 25 | 1 << 27 | 1 << 28;
    /** BMI1, AVX2, BMI2 (and AVX-512F, SHA where asked). */
    private static final int EBX7_AVX2 = 1 << 3 | 1 << 5 | 1 << 8;
    private static final int AVX512F = 1 << 16;
    private static final int SHA = 1 << 29;

    private static final List<String> ALL = HotSpotX86Flags.ANSWERED;

    private static CpuidSnapshot cpu(int vendorEbx, int vendorEdx, int vendorEcx, int signature, int ecx1, int ebx7,
            long xcr0) {
        return CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 0xD, vendorEbx, vendorEcx, vendorEdx)
                .put(1, 0, signature, 0x0800, ecx1, EDX1)
                .put(7, 0, 0, ebx7, 0, 0)
                .put(0x8000_0000, 0, 0x8000_0008, 0, 0, 0)
                .put(0x8000_0001, 0, 0, 0, 1 << 5, 0)
                .xcr0(xcr0, Xcr0Source.XGETBV)
                .build();
    }

    private static CpuidSnapshot intel(int signature, int ebx7, long xcr0) {
        return cpu(GENU, INEI, NTEL, signature, ECX1_AVX, ebx7, xcr0);
    }

    private static Map<String, String> flags(CpuidSnapshot s, int jdk, Map<String, String> options) {
        return HotSpotX86Flags.flags(s, new HotSpotStart(jdk, options), ALL).orElseThrow();
    }

    private static Map<String, String> flags(CpuidSnapshot s, int jdk) {
        return flags(s, jdk, Map.of());
    }

    @Test
    void aSkylakeSpBeforeStepping5KeepsAvx512OffUnlessAsked() {
        CpuidSnapshot skylake = intel(0x00050654, EBX7_AVX2 | AVX512F, 0xE7);
        for (int jdk : new int[] {17, 25}) {
            assertEquals("2", flags(skylake, jdk).get("UseAVX"));
            assertEquals("32", flags(skylake, jdk).get("MaxVectorSize"));
            assertEquals("3", flags(skylake, jdk, Map.of("UseAVX", "3")).get("UseAVX"));
            assertEquals("64", flags(skylake, jdk, Map.of("UseAVX", "3")).get("MaxVectorSize"));
            CpuidSnapshot cascadeLake = intel(0x00050657, EBX7_AVX2 | AVX512F, 0xE7);
            assertEquals("3", flags(cascadeLake, jdk).get("UseAVX"));
        }
    }

    @Test
    void avx512NeedsItsRegisterStateInXcr0() {
        assertEquals("2", flags(intel(0x000A0671, EBX7_AVX2 | AVX512F, 0x7), 17).get("UseAVX"));
        assertEquals("0", flags(intel(0x000A0671, EBX7_AVX2 | AVX512F, 0x3), 17).get("UseAVX"), "no YMM state: no AVX");
        assertEquals("false", flags(intel(0x000A0671, EBX7_AVX2 | AVX512F, 0x3), 17).get("UseFMA"));
        assertEquals("false", flags(intel(0x000A0671, EBX7_AVX2 | AVX512F, 0x3), 17).get("UseBMI2Instructions"),
                "BMI2 needs AVX's VEX prefix");
        assertEquals("true", flags(intel(0x000A0671, EBX7_AVX2 | AVX512F, 0x3), 17).get("UseCountTrailingZerosInstruction"),
                "tzcnt needs no VEX prefix");
    }

    @Test
    void zhaoxinFamilies6And7RunWithoutAvx() {
        CpuidSnapshot zx = cpu(0x68532020, 0x68676e61, 0x20206961, 0x000107B5, ECX1_AVX, EBX7_AVX2, 0x7);
        Map<String, String> f = flags(zx, 17);
        assertEquals("0", f.get("UseAVX"));
        assertEquals("16", f.get("MaxVectorSize"));
        assertEquals("false", f.get("UseBMI1Instructions"));
        assertEquals("true", f.get("UseCountLeadingZerosInstruction"), "JDK 17 takes LZCNT from Zhaoxin");
    }

    @Test
    void amdBeforeFamily0x17KeepsVectorsAt16Bytes() {
        CpuidSnapshot piledriver = cpu(AUTH, ENTI, CAMD, 0x00600F20, ECX1_AVX, 0, 0x7);
        assertEquals("1", flags(piledriver, 17).get("UseAVX"));
        assertEquals("16", flags(piledriver, 17).get("MaxVectorSize"));
        assertEquals("16", flags(piledriver, 25, Map.of("MaxVectorSize", "32")).get("MaxVectorSize"));
        CpuidSnapshot zen2 = cpu(AUTH, ENTI, CAMD, 0x00830F10, ECX1_AVX, EBX7_AVX2, 0x7);
        assertEquals("32", flags(zen2, 17).get("MaxVectorSize"));
    }

    @Test
    void jdk25TurnsAvxOffBelowSse4AndJdk17DoesNot() {
        CpuidSnapshot haswell = intel(0x000306C3, EBX7_AVX2, 0x7);
        assertEquals("2", flags(haswell, 17, Map.of("UseSSE", "3")).get("UseAVX"));
        assertEquals("3", flags(haswell, 17, Map.of("UseSSE", "3")).get("UseSSE"));
        assertEquals("0", flags(haswell, 25, Map.of("UseSSE", "3")).get("UseAVX"));
        assertEquals("16", flags(haswell, 25, Map.of("UseSSE", "3")).get("MaxVectorSize"));
        assertEquals("2", flags(haswell, 25, Map.of("UseSSE", "1")).get("UseSSE"), "x86-64 raises UseSSE to 2");
        // SHA-512's intrinsic keeps UseSHA on without SSE4.1 on JDK 17 (AVX2 with BMI2), not on JDK 25 (no AVX2 left)
        assertEquals("true", flags(haswell, 17, Map.of("UseSSE", "3")).get("UseSHA"));
        assertEquals("false", flags(haswell, 25, Map.of("UseSSE", "3")).get("UseSHA"));
    }

    @Test
    void jdk25TakesLzcntFromAnyVendorAndJdk17FromFour() {
        CpuidSnapshot transmeta = cpu(0x756e6547 ^ 1, 0, 0, 0x00000F24, ECX1_AVX, 0, 0x7);
        assertEquals("false", flags(transmeta, 17).get("UseCountLeadingZerosInstruction"));
        assertEquals("true", flags(transmeta, 25).get("UseCountLeadingZerosInstruction"));
    }

    @Test
    void jdk25TakesAvx10With512BitVectorsAsAvx512OnIntel() {
        CpuidSnapshot avx10 = CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 0x24, GENU, NTEL, INEI)
                .put(1, 0, 0x000C06F2, 0x0800, ECX1_AVX, EDX1)
                .put(7, 0, 1, EBX7_AVX2, 0, 0)
                .put(7, 1, 0, 0, 0, 1 << 19)
                .put(0x24, 0, 0, 1 << 18 | 1, 0, 0)
                .xcr0(0xE7, Xcr0Source.XGETBV)
                .build();
        assertEquals("3", flags(avx10, 25).get("UseAVX"));
        assertEquals("2", flags(avx10, 17).get("UseAVX"));
    }

    @Test
    void optionsTurnFlagsOffOrOnOnlyWhereTheCpuHasThem() {
        CpuidSnapshot haswell = intel(0x000306C3, EBX7_AVX2 | SHA, 0x7);
        Map<String, String> off = flags(haswell, 17, Map.of("UseBMI1Instructions", "false", "UseAES", "false",
                "UseFMA", "false", "UsePopCountInstruction", "false"));
        assertEquals("false", off.get("UseBMI1Instructions"));
        assertEquals("false", off.get("UseCountTrailingZerosInstruction"), "-XX:-UseBMI1Instructions turns tzcnt off");
        assertEquals("false", off.get("UseAES"));
        assertEquals("false", off.get("UseFMA"));
        assertEquals("false", off.get("UsePopCountInstruction"));
        assertEquals("true", flags(haswell, 17, Map.of("UseBMI1Instructions", "false",
                "UseCountTrailingZerosInstruction", "true")).get("UseCountTrailingZerosInstruction"));
        CpuidSnapshot noAvx2 = intel(0x000206A7, 0, 0x7);
        assertEquals("1", flags(noAvx2, 17, Map.of("UseAVX", "3")).get("UseAVX"), "lowered to what the CPU has");
        assertEquals("false", flags(noAvx2, 17, Map.of("UseBMI2Instructions", "true")).get("UseBMI2Instructions"));
        assertEquals("4", flags(noAvx2, 17, Map.of("MaxVectorSize", "2")).get("MaxVectorSize"));
        assertEquals("32", flags(noAvx2, 17, Map.of("MaxVectorSize", "24")).get("MaxVectorSize"));
        assertEquals("8", flags(noAvx2, 17, Map.of("MaxVectorSize", "8")).get("MaxVectorSize"));
    }

    @Test
    void theRulesAnswerNothingTheyCannotBeSureOf() {
        CpuidSnapshot haswell = intel(0x000306C3, EBX7_AVX2, 0x7);
        assertEquals(Optional.empty(), HotSpotX86Flags.flags(haswell, new HotSpotStart(21, Map.of()), ALL), "JDK 21");
        assertEquals(Optional.empty(), HotSpotX86Flags.flags(haswell, new HotSpotStart(17, Map.of("UseAVX", "0x2")), ALL));
        assertEquals(Optional.empty(), HotSpotX86Flags.flags(haswell, new HotSpotStart(17, Map.of()), List.of("UseSVE")));
        CpuidSnapshot inferred = haswell.withXcr0(0x7, Xcr0Source.INFERRED_FROM_LEAF_0xD);
        assertEquals(Optional.empty(), HotSpotX86Flags.flags(inferred, new HotSpotStart(17, Map.of()), ALL),
                "XCR0 not read by XGETBV");
        assertEquals(Map.of("UseAVX", "2"), HotSpotX86Flags.flags(haswell, new HotSpotStart(17, Map.of()),
                List.of("UseAVX")).orElseThrow(), "only the names asked");
    }

    @Test
    void everyReleaseModelledNamesItsSourceAndTheOwnFlagsAreAnswered() {
        for (HotSpotX86Flags.Release r : HotSpotX86Flags.RELEASES) {
            assertTrue(r.source().contains("vm_version_x86"), r.toString());
        }
        assertTrue(ALL.containsAll(X86Architecture.OWN_HOTSPOT_FLAGS));
    }
}
