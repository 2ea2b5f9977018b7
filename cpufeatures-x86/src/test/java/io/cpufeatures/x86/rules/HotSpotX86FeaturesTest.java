package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.probe.KernelFlagSnapshot;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rules of HotSpot's feature list that no machine here shows: the thread count behind {@code ht}, {@code tscinv}
 * never listed, what JDK 25 takes from any vendor, AVX10, a Xeon Phi, {@code -XX:+UseAPX}, and every case where the
 * model is unsure of a name or gives no list. (This machine and qemu's models: {@link HotSpotFeaturesLiveTest},
 * {@link HotSpotFeaturesQemuTest}.)
 */
class HotSpotX86FeaturesTest {

    private static final int[] INTEL = {0x756e6547, 0x49656e69, 0x6c65746e};
    private static final int[] AMD = {0x68747541, 0x69746e65, 0x444d4163};
    private static final int[] VIA = {0x20414956, 0x20414956, 0x20414956};

    /** CX8, TSC, CMOV, CLFLUSH, MMX, FXSR, SSE, SSE2 (EDX); SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT, OSXSAVE, AVX (ECX). */
    private static final int EDX1 = 1 << 8 | 1 << 4 | 1 << 15 | 1 << 19 | 1 << 23 | 1 << 24 | 1 << 25 | 1 << 26;
    private static final int ECX1 = 1 | 1 << 9 | 1 << 19 | 1 << 20 | 1 << 23 | 1 << 27 | 1 << 28;
    private static final int HTT = 1 << 28;

    private static CpuidSnapshot.Builder cpu(int[] vendor, int signature, int edx1, int ebx7, long xcr0) {
        return CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 0xD, vendor[0], vendor[2], vendor[1])
                .put(1, 0, signature, 0x0800, ECX1, edx1)
                .put(7, 0, 0, ebx7, 0, 0)
                .put(0x8000_0000, 0, 0x8000_0008, 0, 0, 0)
                .put(0x8000_0001, 0, 0, 0, 1 << 5, 0)
                .put(0x8000_0007, 0, 0, 0, 0, 1 << 8)
                .put(0x8000_0008, 0, 0, 0, 0, 0)
                .xcr0(xcr0, Xcr0Source.XGETBV);
    }

    private static HotSpotFeatureList list(CpuidSnapshot s, int jdk, Map<String, String> options) {
        return HotSpotX86Features.list(s, new HotSpotStart(jdk, options));
    }

    private static HotSpotFeatureList list(CpuidSnapshot s, int jdk) {
        return list(s, jdk, Map.of());
    }

    @Test
    void htIsLeaf0xBsThreadCountOnIntelAndLeaf0x8000001EsFromAmdFamily0x17() {
        for (int jdk : new int[] {17, 25}) {
            CpuidSnapshot smt = cpu(INTEL, 0x000906EA, EDX1 | HTT, 0, 0x7).put(0xB, 0, 1, 2, 0, 0).build();
            assertTrue(list(smt, jdk).complete());
            assertTrue(list(smt, jdk).names().contains("ht"), list(smt, jdk).toString());
            CpuidSnapshot oneThread = cpu(INTEL, 0x000906EA, EDX1 | HTT, 0, 0x7).put(0xB, 0, 1, 1, 0, 0).build();
            assertFalse(list(oneThread, jdk).names().contains("ht"));
            CpuidSnapshot zen = cpu(AMD, 0x00A20F12, EDX1 | HTT, 0, 0x7).put(0x8000_0000, 0, 0x8000_001E, 0, 0, 0)
                    .put(0x8000_001E, 0, 0, 0x0100, 0, 0).build();
            assertTrue(list(zen, jdk).names().contains("ht"), list(zen, jdk).toString());
        }
    }

    @Test
    void aLeafHotSpotReadsThatTheSnapshotLacksLeavesItsNamesUnsure() {
        CpuidSnapshot noLeafB = cpu(INTEL, 0x000906EA, EDX1 | HTT, 0, 0x7).build();
        HotSpotFeatureList l = list(noLeafB, 17);
        assertEquals(Set.of("ht"), l.unsure().keySet());
        assertTrue(l.unsure().get("ht").contains("0xB"), l.unsure().toString());
        assertFalse(l.names().contains("ht"));
        CpuidSnapshot noTscLeaf = CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 0xD, INTEL[0], INTEL[2], INTEL[1]).put(1, 0, 0x000906EA, 0x0800, ECX1, EDX1)
                .put(0x8000_0000, 0, 0x8000_0008, 0, 0, 0).xcr0(0x7, Xcr0Source.XGETBV).build();
        assertTrue(list(noTscLeaf, 25).unsure().get("tscinvbit").contains("0x80000007"), list(noTscLeaf, 25).toString());
        // leaf 7's subleaf 1 beyond CPUID.7.0:EAX reads as zeros: sha512 and avx_ifma decided absent
        CpuidSnapshot noSubleaf1 = cpu(INTEL, 0x000906EA, EDX1, 1 << 5, 0x7).put(0xB, 0, 1, 1, 0, 0).build();
        assertTrue(list(noSubleaf1, 25).complete(), list(noSubleaf1, 25).toString());
    }

    @Test
    void tscinvIsNeverListedThoughItsBitIs() {
        CpuidSnapshot zen = cpu(AMD, 0x00A20F12, EDX1, 0, 0x7).build();
        for (int jdk : new int[] {17, 25}) {
            assertTrue(list(zen, jdk).names().contains("tscinvbit"));
            assertFalse(list(zen, jdk).names().contains("tscinv"));
        }
    }

    @Test
    void jdk25TakesLzcntFromAnyVendorAndClwbFromAmd() {
        CpuidSnapshot via = cpu(VIA, 0x000006F2, EDX1, 0, 0x7).build();
        assertFalse(list(via, 17).names().contains("lzcnt"));
        assertTrue(list(via, 25).names().contains("lzcnt"));
        CpuidSnapshot zen = cpu(AMD, 0x00A20F12, EDX1, 1 << 24, 0x7).build();
        assertFalse(list(zen, 17).names().contains("clwb"));
        assertTrue(list(zen, 25).names().contains("clwb"));
    }

    @Test
    void avx10With512BitVectorsListsTheAvx512NamesInJdk25OnIntel() {
        CpuidSnapshot avx10 = cpu(INTEL, 0x000C06F2, EDX1, 1 << 5, 0xE7).put(7, 0, 1, 1 << 5, 0, 0)
                .put(7, 1, 0, 0, 0, 1 << 19).put(0x24, 0, 0, 1 << 18 | 2, 0, 0)
                .put(0, 0, 0x24, INTEL[0], INTEL[2], INTEL[1]).put(0xB, 0, 1, 1, 0, 0).build();
        HotSpotFeatureList l = list(avx10, 25);
        assertTrue(l.complete(), l.toString());
        assertTrue(l.names().containsAll(List.of("avx512f", "avx512bw", "avx512_bitalg", "avx10_1", "avx10_2")),
                l.names().toString());
        assertFalse(list(avx10, 17).names().contains("avx512f"));
        assertFalse(list(avx10, 25, Map.of("UseAVX", "2")).names().contains("avx10_1"));
    }

    @Test
    void aXeonPhiLosesItsListsNames() {
        CpuidSnapshot knl = cpu(INTEL, 0x00050671, EDX1, 1 << 5 | 1 << 16 | 1 << 26 | 1 << 23, 0xE7)
                .put(0xB, 0, 1, 1, 0, 0).build();
        for (int jdk : new int[] {17, 25}) {
            List<String> names = list(knl, jdk).names();
            assertTrue(names.containsAll(List.of("avx", "avx512f", "avx512pf")), names.toString());
            assertFalse(names.contains("vzeroupper"));
            assertFalse(names.contains("clflushopt"));
        }
    }

    @Test
    void apxIsListedOnlyWithUseApxAndThenOnlyAfterASignalRoundTrip() {
        // HotSpot keeps apx_f only with UseAVX=3 (AVX-512F and VL here)
        CpuidSnapshot apx = cpu(INTEL, 0x000C06F2, EDX1, 0, 0x800E7).put(7, 0, 1, 1 << 5 | 1 << 16 | 1 << 31, 0, 0)
                .put(7, 1, 0, 0, 0, 1 << 21).put(0x29, 0, 0, 1, 0, 0)
                .put(0, 0, 0x29, INTEL[0], INTEL[2], INTEL[1]).put(0xB, 0, 1, 1, 0, 0).build();
        assertTrue(list(apx, 25).complete());
        assertFalse(list(apx, 25).names().contains("apx_f"));
        assertEquals(Set.of("apx_f"), list(apx, 25, Map.of("UseAPX", "true")).unsure().keySet());
        HotSpotFeatureList jdk17 = list(apx, 17, Map.of("UseAPX", "true"));
        assertTrue(jdk17.optionRefused());
        assertEquals("HotSpot of JDK 17 refuses to start: Unrecognized VM option 'UseAPX'", jdk17.unanswered().orElseThrow());
    }

    /** Options the VM refuses to start with give no list, in the VM's words (Temurin 25.0.3 and OpenJDK 17.0.21 here). */
    @Test
    void optionsTheVmRefusesGiveItsWords() {
        CpuidSnapshot apx = cpu(INTEL, 0x000C06F2, EDX1, 0, 0x800E7).put(0xB, 0, 1, 1, 0, 0).build();
        assertEquals("HotSpot of JDK 25 refuses to start: int UseAVX=4 is outside the allowed range [ 0 ... 3 ]",
                list(apx, 25, Map.of("UseAVX", "4")).unanswered().orElseThrow());
        assertEquals("HotSpot of JDK 25 refuses to start: int UseSSE=5 is outside the allowed range [ 0 ... 4 ]",
                list(apx, 25, Map.of("UseSSE", "5")).unanswered().orElseThrow());
        assertEquals("HotSpot of JDK 17 refuses to start: intx UseAVX=-1 is outside the allowed range [ 0 ... 99 ]",
                list(apx, 17, Map.of("UseAVX", "-1")).unanswered().orElseThrow());
        assertEquals("HotSpot of JDK 17 refuses to start: Unexpected +/- setting in VM option 'UseSSE'",
                list(apx, 17, Map.of("UseSSE", "true")).unanswered().orElseThrow());
        assertFalse(list(apx, 17, Map.of("UseAVX", "9")).optionRefused(), "JDK 17 takes up to 99");
    }

    @Test
    void theKernelsWordLeavesEveryNameItDoesNotStateUnsure() {
        CpuidSnapshot kernel = KernelFlagSnapshot.of("AuthenticAMD", 0x1A, 2, 1, "AMD EPYC",
                Set.of("sse", "sse2", "ht", "xsave", "avx", "avx2", "avx512f", "tsc", "cx8"),
                SnapshotSource.emulated("kernel"));
        HotSpotFeatureList l = list(kernel, 17);
        assertTrue(l.names().containsAll(List.of("cx8", "sse", "sse2", "tsc", "avx", "avx2", "avx512f")), l.toString());
        assertTrue(l.unsure().containsKey("ht"), l.unsure().toString());
        assertTrue(l.unsure().containsKey("tscinvbit"), l.unsure().toString());
        assertTrue(l.unsure().get("ht").contains("kernel"), l.unsure().toString());
    }

    @Test
    void noListForAReleaseNotModelledAnOptionNotReadOrXcr0NotKnown() {
        CpuidSnapshot s = cpu(INTEL, 0x000906EA, EDX1, 0, 0x7).build();
        assertTrue(list(s, 21).unanswered().orElseThrow().contains("JDK 21 is not modelled"));
        assertTrue(list(s, 17, Map.of("UseSSE", "0x2")).unanswered().isPresent());
        assertTrue(list(s, 17, Map.of("UseKNLSetting", "true")).unanswered().isPresent());
        CpuidSnapshot unknownXcr0 = cpu(INTEL, 0x000906EA, EDX1, 0, 0x7).build().withoutXcr0();
        assertTrue(list(unknownXcr0, 25).unanswered().orElseThrow().contains("XCR0"));
        // an option that does not change the list is left alone
        assertEquals(list(s, 17).names(), list(s, 17, Map.of("MaxVectorSize", "0x10", "UseSerialGC", "true")).names());
    }

    @Test
    void useSseBelow4TurnsAvxOffInJdk25AndKeepsItInJdk17() {
        CpuidSnapshot s = cpu(INTEL, 0x000906EA, EDX1, 1 << 5, 0x7).put(0xB, 0, 1, 1, 0, 0).build();
        List<String> l17 = list(s, 17, Map.of("UseSSE", "3")).names();
        List<String> l25 = list(s, 25, Map.of("UseSSE", "3")).names();
        assertTrue(l17.containsAll(List.of("sse3", "avx", "avx2")) && !l17.contains("sse4.1"), l17.toString());
        assertTrue(l25.contains("sse3") && !l25.contains("avx") && !l25.contains("sse4.2"), l25.toString());
    }
}
