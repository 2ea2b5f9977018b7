package io.cpufeatures.ppc64le.table;

import static io.cpufeatures.ppc64le.Ppc64leFeature.ALTIVEC;
import static io.cpufeatures.ppc64le.Ppc64leFeature.DFP;
import static io.cpufeatures.ppc64le.Ppc64leFeature.FPU;
import static io.cpufeatures.ppc64le.Ppc64leFeature.HTM;
import static io.cpufeatures.ppc64le.Ppc64leFeature.HTM_NOSC;
import static io.cpufeatures.ppc64le.Ppc64leFeature.HTM_NO_SUSPEND;
import static io.cpufeatures.ppc64le.Ppc64leFeature.IEEE128;
import static io.cpufeatures.ppc64le.Ppc64leFeature.MMA;
import static io.cpufeatures.ppc64le.Ppc64leFeature.VCRYPTO;
import static io.cpufeatures.ppc64le.Ppc64leFeature.VSX;

import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.ppc64le.Ppc64leFeature;
import java.util.List;

/** The ppc64le feature and dependency tables as the kit reads them. Not exported. */
public final class Ppc64leTables {

    public static final FeatureTable<Ppc64leFeature> FEATURES = FeatureTable.of(Ppc64leFeature.class, "a ppc64le",
            Families.ORDER);

    /** Our own rows, each with its reason from the Power ISA: a feature whose instructions need another's state. */
    public static final DependencyTable<Ppc64leFeature> DEPENDENCIES = DependencyTable.of(FEATURES, List.of(
            DependencyRule.ours(VSX, ALTIVEC, "VSX's 64 registers include the 32 VMX vector registers, and the ISA has no"
                    + " VSX without VMX (Power ISA 2.06, Vector-Scalar Extension)"),
            DependencyRule.ours(VCRYPTO, ALTIVEC, "vcipher, vpmsum and vshasigma are VMX instructions on the vector registers"),
            DependencyRule.ours(MMA, VSX, "MMA's accumulators are made of VSX registers (Power ISA 3.1, Matrix-Multiply Assist)"),
            DependencyRule.ours(IEEE128, VSX, "the quad-precision instructions (xsaddqp...) operate on VSX registers"),
            DependencyRule.ours(DFP, FPU, "decimal floating point operates on the floating-point registers"),
            DependencyRule.ours(HTM_NOSC, HTM, "a property of transactions: without HTM there are none"),
            DependencyRule.ours(HTM_NO_SUSPEND, HTM, "a property of transactions: without HTM there are none")));

    private Ppc64leTables() {
    }
}
