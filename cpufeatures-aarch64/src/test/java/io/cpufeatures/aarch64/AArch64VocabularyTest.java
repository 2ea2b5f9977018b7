package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.table.AArch64Feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.jvm.JvmView;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Both architectures' names in one index (x86 is on the test class path): the index builds, so no
 * spelling means two things; every AArch64 spelling names its own row; shared canonical names are
 * both modules'; the JIT gates read HotSpot's aarch64 flags.
 */
class AArch64VocabularyTest {

    @Test
    void bothModulesNamesLiveInOneIndexAndEachAArch64SpellingNamesItsRow() {
        assertEquals(List.of("x86_64"), CpuFeatures.resolve("avx2", "test").architectures(), "x86 is indexed too");
        for (AArch64Feature f : AArch64Feature.values()) {
            for (String spelling : concat(f.canonicalName(), f.aliases())) {
                FeatureName n = CpuFeatures.resolve(spelling, "test");
                assertEquals(FeatureName.Kind.FEATURE, n.kind(), spelling);
                assertEquals(f.canonicalName(), n.canonical(), spelling);
                assertTrue(n.architectures().contains("aarch64"), spelling);
            }
        }
        assertEquals("asimd", CpuFeatures.canonicalName("NEON", "test"));
        assertEquals("atomics", CpuFeatures.canonicalName("lse", "test"));
        assertEquals("sveaes", CpuFeatures.canonicalName("sve2-aes", "test"));
    }

    /** Names x86 and AArch64 share are the same instructions' family on both: AES, SHA-512, SM3/SM4, the RNG. */
    @Test
    void theSharedNamesAreExactlyTheseAndBelongToBoth() {
        List<String> shared = java.util.Arrays.stream(AArch64Feature.values()).map(AArch64Feature::canonicalName)
                .filter(n -> CpuFeatures.resolve(n, "test").architectures().size() == 2).toList();
        assertEquals(List.of("aes", "sm3", "sm4", "sha512", "rng"), shared);
    }

    @Test
    void theCryptoGroupIsGccsPlusCrypto() {
        FeatureName g = CpuFeatures.resolve("crypto", "test");
        assertEquals(FeatureName.Kind.GROUP, g.kind());
        assertEquals(List.of("aes", "pmull", "sha1", "sha2"), g.members());
    }

    @Test
    void theJitGatesReadHotSpotsAarch64Flags() {
        JvmView sve2At256 = JvmView.of("test", Map.of("UseSVE", "2", "MaxVectorSize", "32", "UseLSE", "true",
                "UseSHA", "false", "UseCompiler", "true"), true, OptionalInt.of(256));
        assertTrue(sve2At256.has("jvm.sve") && sve2At256.has("jvm.sve2") && sve2At256.has("jvm.lse"));
        assertTrue(sve2At256.has("jvm.vector256") && !sve2At256.has("jvm.vector512"));
        assertEquals("MaxVectorSize=32: the JIT compiles vectors up to 256 bits", sve2At256.reasons("jvm.vector1024").get(0).detail());
        assertEquals("UseSHA=false", sve2At256.reasons("jvm.sha").get(0).detail());
        JvmView neon = JvmView.of("test", Map.of("UseSVE", "0", "MaxVectorSize", "16"), true, OptionalInt.of(128));
        assertFalse(neon.has("jvm.sve"));
        assertEquals("UseSVE=0", neon.reasons("jvm.sve").get(0).detail());
        JvmView x86 = JvmView.of("test", Map.of("UseAVX", "2", "MaxVectorSize", "32"), true, OptionalInt.of(256));
        assertEquals("HotSpot flag UseSVE does not exist on this JVM or platform", x86.reasons("jvm.sve").get(0).detail());
    }

    private static List<String> concat(String first, List<String> rest) {
        java.util.ArrayList<String> l = new java.util.ArrayList<>(List.of(first));
        l.addAll(rest);
        return l;
    }
}
