package io.cpufeatures.x86.usable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.feature.FeatureFamily;
import io.cpufeatures.x86.feature.StateRequirement;
import io.cpufeatures.x86.feature.X86Feature;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FeatureDependenciesTest {

    @Test
    void theTableIsAcyclic() {
        // closure() throws on a cycle; the real table must load and close.
        assertFalse(FeatureDependencies.closureOf(X86Feature.AVX512_VBMI2).isEmpty());
        List<Dependency> cyclic = List.of(
                new Dependency(X86Feature.AVX, X86Feature.AVX2, Dependency.Origin.CPUFEATURES, "test"),
                new Dependency(X86Feature.AVX2, X86Feature.AVX, Dependency.Origin.CPUFEATURES, "test"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> FeatureDependencies.closure(cyclic));
        assertTrue(e.getMessage().contains("cycle"));
    }

    @Test
    void clearingAvxClearsFmaAvx2Avx512fAndEveryAvx512SubsetLikeTheKernel() {
        for (X86Feature f : X86Feature.values()) {
            boolean avxFamily = f.state() == StateRequirement.AVX || f.state() == StateRequirement.AVX512;
            if (avxFamily && f != X86Feature.AVX) {
                assertTrue(FeatureDependencies.closureOf(f).contains(X86Feature.AVX), f.canonicalName());
            }
        }
        assertEquals(Set.of(X86Feature.AVX512VL, X86Feature.AVX512F, X86Feature.AVX, X86Feature.XSAVE,
                X86Feature.FXSR, X86Feature.FPU), FeatureDependencies.closureOf(X86Feature.AVX512_VBMI2));
    }

    @Test
    void noRowIsListedTwiceAndOurRowsSayWhy() {
        Set<String> seen = new HashSet<>();
        for (Dependency d : FeatureDependencies.table()) {
            assertTrue(seen.add(d.feature() + "<-" + d.dependsOn()), d.toString());
            assertEquals(d.origin() == Dependency.Origin.CPUFEATURES, !d.why().isEmpty(), d.toString());
        }
    }

    @Test
    void gprExtensionsDependOnNoVectorState() {
        for (X86Feature f : List.of(X86Feature.BMI1, X86Feature.BMI2, X86Feature.ADX, X86Feature.ABM)) {
            assertEquals(FeatureFamily.BIT_MANIPULATION, f.family());
            assertTrue(FeatureDependencies.closureOf(f).isEmpty(), f.canonicalName());
        }
        assertFalse(FeatureDependencies.closureOf(X86Feature.GFNI).contains(X86Feature.AVX512F));
        assertFalse(FeatureDependencies.closureOf(X86Feature.VPCLMULQDQ).contains(X86Feature.AVX512F));
    }
}
