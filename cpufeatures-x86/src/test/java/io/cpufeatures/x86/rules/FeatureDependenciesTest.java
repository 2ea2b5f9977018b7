package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import io.cpufeatures.x86.table.StateRequirement;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.X86Table;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FeatureDependenciesTest {

    private static final DependencyTable<X86Feature> TABLE = FeatureDependencies.DEPENDENCIES;

    @Test
    void theTableIsAcyclic() {
        // closing a table throws on a cycle; the real table must load and close.
        assertFalse(TABLE.closureOf(X86Feature.AVX512_VBMI2).isEmpty());
        List<DependencyRule<X86Feature>> cyclic = List.of(DependencyRule.ours(X86Feature.AVX, X86Feature.AVX2, "test"),
                DependencyRule.ours(X86Feature.AVX2, X86Feature.AVX, "test"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DependencyTable.of(X86Table.FEATURES, cyclic));
        assertTrue(e.getMessage().contains("cycle"));
    }

    @Test
    void clearingAvxClearsFmaAvx2Avx512fAndEveryAvx512SubsetLikeTheKernel() {
        for (X86Feature f : X86Feature.values()) {
            boolean avxFamily = f.state() == StateRequirement.AVX || f.state() == StateRequirement.AVX512;
            if (avxFamily && f != X86Feature.AVX) {
                assertTrue(TABLE.closureOf(f).contains(X86Feature.AVX), f.canonicalName());
            }
        }
        assertEquals(Set.of(X86Feature.AVX512VL, X86Feature.AVX512F, X86Feature.AVX, X86Feature.XSAVE,
                X86Feature.FXSR, X86Feature.FPU), TABLE.closureOf(X86Feature.AVX512_VBMI2));
    }

    @Test
    void noRowIsListedTwiceAndOurRowsSayWhy() {
        Set<String> seen = new HashSet<>();
        for (DependencyRule<X86Feature> d : TABLE.rows()) {
            assertTrue(seen.add(d.feature() + "<-" + d.dependsOn()), d.toString());
            assertEquals(d.origin().ours(), !d.why().isEmpty(), d.toString());
        }
    }

    @Test
    void gprExtensionsDependOnNoVectorState() {
        for (X86Feature f : List.of(X86Feature.BMI1, X86Feature.BMI2, X86Feature.ADX, X86Feature.ABM)) {
            assertEquals("bit manipulation", f.family());
            assertTrue(TABLE.closureOf(f).isEmpty(), f.canonicalName());
        }
        assertFalse(TABLE.closureOf(X86Feature.GFNI).contains(X86Feature.AVX512F));
        assertFalse(TABLE.closureOf(X86Feature.VPCLMULQDQ).contains(X86Feature.AVX512F));
    }
}
