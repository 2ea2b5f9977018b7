package io.cpufeatures.x86.table;

import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.x86.table.X86Feature;

/** The x86 feature table as the kit reads it: the features, their families in report order, their CPUID bits. */
public final class X86Table {

    /** The table. */
    public static final FeatureTable<X86Feature> FEATURES = FeatureTable.of(X86Feature.class, "an x86", TableTerms.FAMILIES,
            new Where());

    /** Where the CPU reports a feature: its CPUID bit. A class, not a lambda: the first answer spins none. */
    private static final class Where implements java.util.function.Function<X86Feature, String> {
        @Override
        public String apply(X86Feature f) {
            return f.bit().toString();
        }
    }

    private X86Table() {
    }
}
