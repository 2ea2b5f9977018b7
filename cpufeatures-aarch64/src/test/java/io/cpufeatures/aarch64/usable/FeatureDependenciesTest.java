package io.cpufeatures.aarch64.usable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.raw.IdRegister;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dependency table: its closure, Linux's SVE and SME rows, and a cycle refused. */
class FeatureDependenciesTest {

    @Test
    void theIssuesExamplesHold() {
        assertEquals(List.of(AArch64Feature.SVE), FeatureDependencies.direct(AArch64Feature.SVE2));
        assertTrue(FeatureDependencies.closureOf(AArch64Feature.SVEAES).containsAll(
                Set.of(AArch64Feature.SVE2, AArch64Feature.AES, AArch64Feature.SVE, AArch64Feature.ASIMD, AArch64Feature.FP)));
        assertTrue(FeatureDependencies.closureOf(AArch64Feature.FP).isEmpty());
    }

    @Test
    void everySveAndSmeRegisterRowNeedsSveOrSmeAsLinuxSetsThem() {
        for (AArch64Feature f : AArch64Feature.values()) {
            List<IdRegister> regs = f.idRule().registers();
            if (regs.contains(IdRegister.ID_AA64ZFR0_EL1)) {
                assertTrue(FeatureDependencies.closureOf(f).contains(AArch64Feature.SVE), f + " without sve");
            }
            if (regs.contains(IdRegister.ID_AA64SMFR0_EL1)) {
                assertTrue(FeatureDependencies.closureOf(f).contains(AArch64Feature.SME), f + " without sme");
            }
        }
    }

    @Test
    void everyRowOfOurOwnSaysWhyAndOthersDoNot() {
        for (Dependency d : FeatureDependencies.table()) {
            assertEquals(d.origin() == Dependency.Origin.CPUFEATURES, !d.why().isEmpty(), d.toString());
        }
        assertThrows(IllegalArgumentException.class,
                () -> new Dependency(AArch64Feature.SVE2, AArch64Feature.SVE, Dependency.Origin.CPUFEATURES, ""));
    }

    @Test
    void aCycleIsRefusedNamingAFeatureOnIt() {
        List<Dependency> cyclic = new ArrayList<>(FeatureDependencies.table());
        cyclic.add(new Dependency(AArch64Feature.SVE, AArch64Feature.SVE2, Dependency.Origin.CPUFEATURES, "test"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> FeatureDependencies.closure(cyclic));
        assertTrue(e.getMessage().startsWith("dependency cycle through "), e.getMessage());
    }
}
