package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** HotSpot's x86 names read as the library's, by the CPUID bit HotSpot reads for each, through the core's API. */
class HotSpotX86NamesTest {

    private static Optional<String> name(String hotSpot) {
        return CpuFeatures.fromHotSpotName("x86_64", hotSpot);
    }

    @Test
    void namesWhoseSpellingDiffersMeanTheFeatureOfTheirBit() {
        assertEquals(Optional.of("sse4_1"), name("sse4.1"));
        assertEquals(Optional.of("pni"), name("sse3"));
        assertEquals(Optional.of("pclmulqdq"), name("clmul"));
        assertEquals(Optional.of("abm"), name("lzcnt"));
        assertEquals(Optional.of("sha_ni"), name("sha"));
        assertEquals(Optional.of("bmi1"), name("bmi1"));
        // JDK 17 also reads AMD's 3DNow! bit, on AMD only: the bit read on every vendor's CPU is the one taken
        assertEquals(Optional.of("3dnowprefetch"), name("3dnowpref"));
        // a name only JDK 25 has
        assertEquals(Optional.of("f16c"), name("f16c"));
    }

    @Test
    void namesSetByARuleUnknownOrOfAnotherArchitectureHaveNoFeature() {
        assertEquals(Optional.empty(), name("ht"));
        assertEquals(Optional.empty(), name("avx10_1"));
        assertEquals(Optional.empty(), name("AVX2"));
        assertEquals(Optional.empty(), name("avx3"));
        assertEquals(Optional.empty(), CpuFeatures.fromHotSpotName("aarch64", "avx2"));
    }

    @Test
    void everyNameAnsweredIsACanonicalNameOfTheLibrary() {
        assertTrue(HotSpotX86Names.names().size() > 40, HotSpotX86Names.names().toString());
        for (String n : HotSpotX86Names.names()) {
            String feature = name(n).orElseThrow();
            assertEquals(feature, CpuFeatures.canonicalName(feature, "test"), n);
        }
    }
}
