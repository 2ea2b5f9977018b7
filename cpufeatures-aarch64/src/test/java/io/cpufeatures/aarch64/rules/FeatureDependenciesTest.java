package io.cpufeatures.aarch64.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dependency table: its closure, Linux's SVE and SME rows, each row's origin, and a cycle refused. */
class FeatureDependenciesTest {

    private static final DependencyTable<AArch64Feature> TABLE = FeatureDependencies.DEPENDENCIES;

    @Test
    void theIssuesExamplesHold() {
        assertEquals(List.of(AArch64Feature.SVE), TABLE.direct(AArch64Feature.SVE2));
        assertTrue(TABLE.closureOf(AArch64Feature.SVEAES).containsAll(
                Set.of(AArch64Feature.SVE2, AArch64Feature.AES, AArch64Feature.SVE, AArch64Feature.ASIMD, AArch64Feature.FP)));
        assertTrue(TABLE.closureOf(AArch64Feature.FP).isEmpty());
    }

    @Test
    void everySveAndSmeRegisterRowNeedsSveOrSmeAsLinuxSetsThem() {
        for (AArch64Feature f : AArch64Feature.values()) {
            List<IdRegister> regs = f.idRule().registers();
            if (regs.contains(IdRegister.ID_AA64ZFR0_EL1)) {
                assertTrue(TABLE.closureOf(f).contains(AArch64Feature.SVE), f + " without sve");
                assertTrue(TABLE.rows().contains(DependencyRule.of(FeatureDependencies.LINUX, f, AArch64Feature.SVE))
                        || f == AArch64Feature.SVE, f + ": Linux's own row");
            }
            if (regs.contains(IdRegister.ID_AA64SMFR0_EL1)) {
                assertTrue(TABLE.closureOf(f).contains(AArch64Feature.SME), f + " without sme");
            }
        }
    }

    @Test
    void everyRowOfOurOwnSaysWhyAndOthersDoNot() {
        for (DependencyRule<AArch64Feature> d : TABLE.rows()) {
            assertEquals(d.origin().ours(), !d.why().isEmpty(), d.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> DependencyRule.ours(AArch64Feature.SVE2, AArch64Feature.SVE, ""));
    }

    @Test
    void aCycleIsRefusedNamingAFeatureOnIt() {
        List<DependencyRule<AArch64Feature>> cyclic = new ArrayList<>(TABLE.rows());
        cyclic.add(DependencyRule.ours(AArch64Feature.SVE, AArch64Feature.SVE2, "test"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> DependencyTable.of(AArch64Table.FEATURES, cyclic));
        assertTrue(e.getMessage().startsWith("dependency cycle through "), e.getMessage());
    }
}
