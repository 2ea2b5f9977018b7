package io.cpufeatures.x86.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.XsaveComponent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class X86FeatureTableTest {

    /** Every flag spelling used by the corpus's consensus files (copied so the test runs without the corpus). */
    private static final List<String> CONSENSUS_SPELLINGS = List.of("adx", "aes", "amx_bf16", "amx_int8", "amx_tile",
            "avx", "avx2", "avx512_4fmaps", "avx512_4vnniw", "avx512_bf16", "avx512_vp2intersect", "avx512bitalg",
            "avx512bw", "avx512cd", "avx512dq", "avx512er", "avx512f", "avx512fp16", "avx512ifma", "avx512pf",
            "avx512vbmi", "avx512vbmi2", "avx512vl", "avx512vnni", "avx512vpopcntdq", "avx_vnni", "bmi1", "bmi2",
            "cx16", "erms", "f16c", "fma", "fma4", "fsrm", "gfni", "hybrid", "hypervisor", "lahf_lm", "lm", "lzcnt",
            "movbe", "osxsave", "pclmulqdq", "popcnt", "rdrand", "rdseed", "sha", "sse", "sse2", "sse3", "sse4_1",
            "sse4_2", "sse4a", "ssse3", "vaes", "vpclmulqdq", "xop", "xsave", "avx10", "apx_f");

    @Test
    void everySpellingOfTheCorpusResolves() {
        for (String name : CONSENSUS_SPELLINGS) {
            assertEquals(FeatureName.Kind.FEATURE, CpuFeatures.resolve(name, "test").kind(), name);
            X86Table.FEATURES.require(name, "test");
        }
    }

    @Test
    void aliasesResolveToTheLinuxName() {
        assertEquals("pni", X86Table.FEATURES.require("sse3", "test").canonicalName());
        assertEquals("abm", X86Table.FEATURES.require("lzcnt", "test").canonicalName());
        assertEquals("sha_ni", X86Table.FEATURES.require("sha", "test").canonicalName());
        assertEquals("avx512_vnni", X86Table.FEATURES.require("avx512vnni", "test").canonicalName());
        assertEquals("hybrid_cpu", X86Table.FEATURES.require("hybrid", "test").canonicalName());
        assertEquals("apx", X86Table.FEATURES.require("APX_F", "test").canonicalName());
        assertEquals("avx512_vnni", X86Table.FEATURES.require("AVX512-VNNI", "test").canonicalName());
    }

    @Test
    void theIssuesNewerFeaturesAreInTheTable() {
        for (String name : List.of("avx10", "apx", "amx_tile", "amx_int8", "amx_bf16", "amx_fp16", "xsaveopt",
                "xsavec", "xgetbv1", "xsaves", "xfd", "avx_vnni_int8", "avx_vnni_int16", "avx_ifma", "sha512", "sm3",
                "sm4", "hybrid_cpu", "hypervisor")) {
            assertEquals(FeatureName.Kind.FEATURE, CpuFeatures.resolve(name, "test").kind(), name);
            X86Table.FEATURES.require(name, "test");
        }
    }

    @Test
    void namesAreLowerCaseAndUniqueAndBitsAreNotShared() {
        Set<String> names = new HashSet<>();
        Map<CpuidBit, X86Feature> bits = new HashMap<>();
        for (X86Feature f : X86Feature.values()) {
            assertEquals(f.canonicalName().toLowerCase(java.util.Locale.ROOT), f.canonicalName());
            assertTrue(names.add(f.canonicalName()), f.canonicalName());
            for (String alias : f.aliases()) {
                assertEquals(alias.toLowerCase(java.util.Locale.ROOT), alias, alias);
                assertEquals(f, X86Table.FEATURES.require(alias, "test"));
            }
            X86Feature other = bits.put(f.bit(), f);
            assertEquals(null, other, f + " and " + other + " share " + f.bit());
        }
    }

    @Test
    void unknownNamesFailWithTheClosestValidNames() {
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class,
                () -> X86Table.FEATURES.require("avx512vnn", "cpufeatures.disable"));
        assertTrue(e.getMessage().contains("avx512vnn"), e.getMessage());
        assertTrue(e.getMessage().contains("cpufeatures.disable"), e.getMessage());
        assertTrue(e.suggestions().contains("avx512vnni"), e.suggestions().toString());
        assertThrows(UnknownFeatureException.class, () -> X86Table.FEATURES.require("no-such-feature", "test"));
        IllegalArgumentException notX86 = assertThrows(IllegalArgumentException.class,
                () -> X86Table.FEATURES.require("prefer_ymm", "test"));
        assertTrue(notX86.getMessage().contains("not an x86 feature") && notX86.getMessage().contains("policy"),
                notX86.getMessage());
    }

    @Test
    void stateRequirementsCarryTheXcr0Masks() {
        assertEquals(0x3, X86Feature.SSE4_2.state().xcr0Mask());
        assertEquals(0x7, X86Feature.AVX2.state().xcr0Mask());
        assertEquals(0x7, X86Feature.F16C.state().xcr0Mask());
        assertEquals(0xE7, X86Feature.AVX512F.state().xcr0Mask());
        assertEquals(0xE7, X86Feature.AVX10.state().xcr0Mask());
        assertEquals(0x60000, X86Feature.AMX_TILE.state().xcr0Mask());
        assertEquals(0x80000, X86Feature.APX.state().xcr0Mask());
        assertEquals(0x18, X86Feature.MPX.state().xcr0Mask());
        assertEquals(0x200, X86Feature.PKU.state().xcr0Mask());
        assertEquals(0, X86Feature.BMI2.state().xcr0Mask());
        assertEquals(0, X86Feature.ABM.state().xcr0Mask());
        assertEquals("OPMASK|ZMM_Hi256|Hi16_ZMM", XsaveComponent.names(0xE7 & ~0x7));
    }
}
