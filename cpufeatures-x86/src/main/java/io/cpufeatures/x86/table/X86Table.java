package io.cpufeatures.x86.table;

import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.x86.table.X86Feature;

/** The x86 feature table as the kit reads it: the features, their families in report order, their CPUID bits. */
public final class X86Table {

    /** The table. */
    public static final FeatureTable<X86Feature> FEATURES = FeatureTable.of(X86Feature.class, "an x86", TableTerms.FAMILIES);

    private X86Table() {
    }
}
