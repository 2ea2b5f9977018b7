package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.core.kit.FeatureTable;

/** The AArch64 feature table as the kit reads it: the features, their families in report order, their HWCAP bits. */
public final class AArch64Table {

    /** The table. */
    public static final FeatureTable<AArch64Feature> FEATURES = FeatureTable.of(AArch64Feature.class, "an aarch64",
            TableTerms.FAMILIES);

    private AArch64Table() {
    }
}
