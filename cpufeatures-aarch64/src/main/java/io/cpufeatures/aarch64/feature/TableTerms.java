package io.cpufeatures.aarch64.feature;

import io.cpufeatures.aarch64.raw.IdRegister;
import java.util.ArrayList;
import java.util.List;

/** Short names the feature table is written with, so each row fits on a line. */
final class TableTerms {

    static final FeatureFamily IN_FP_SIMD = FeatureFamily.FP_SIMD;
    static final FeatureFamily IN_CRYPTO = FeatureFamily.CRYPTO;
    static final FeatureFamily IN_INTEGER = FeatureFamily.INTEGER;
    static final FeatureFamily IN_ATOMICS = FeatureFamily.ATOMICS;
    static final FeatureFamily IN_MEMORY = FeatureFamily.MEMORY;
    static final FeatureFamily IN_SVE = FeatureFamily.SVE;
    static final FeatureFamily IN_SME = FeatureFamily.SME;
    static final FeatureFamily IN_FP8 = FeatureFamily.FP8;
    static final FeatureFamily IN_SECURITY = FeatureFamily.SECURITY;
    static final FeatureFamily IN_SYSTEM = FeatureFamily.SYSTEM;

    static final IdRegister PFR0 = IdRegister.ID_AA64PFR0_EL1;
    static final IdRegister PFR1 = IdRegister.ID_AA64PFR1_EL1;
    static final IdRegister PFR2 = IdRegister.ID_AA64PFR2_EL1;
    static final IdRegister ZFR0 = IdRegister.ID_AA64ZFR0_EL1;
    static final IdRegister SMFR0 = IdRegister.ID_AA64SMFR0_EL1;
    static final IdRegister FPFR0 = IdRegister.ID_AA64FPFR0_EL1;
    static final IdRegister ISAR0 = IdRegister.ID_AA64ISAR0_EL1;
    static final IdRegister ISAR1 = IdRegister.ID_AA64ISAR1_EL1;
    static final IdRegister ISAR2 = IdRegister.ID_AA64ISAR2_EL1;
    static final IdRegister ISAR3 = IdRegister.ID_AA64ISAR3_EL1;
    static final IdRegister MMFR0 = IdRegister.ID_AA64MMFR0_EL1;
    static final IdRegister MMFR1 = IdRegister.ID_AA64MMFR1_EL1;
    static final IdRegister MMFR2 = IdRegister.ID_AA64MMFR2_EL1;
    static final IdRegister MMFR3 = IdRegister.ID_AA64MMFR3_EL1;

    /** No ID register describes the feature. */
    static final IdRule KERNEL_ONLY = new IdRule(List.of());

    private TableTerms() {
    }

    /** An unsigned 4-bit field at {@code lsb}, at least {@code min}. */
    static IdRule field(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 4, false, min)));
    }

    /** A signed 4-bit field at {@code lsb} (0xF: not implemented), at least {@code min}. */
    static IdRule signed(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 4, true, min)));
    }

    /** A single-bit field at {@code lsb}, at least {@code min}. */
    static IdRule oneBit(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 1, false, min)));
    }

    /** Any of these rules. */
    static IdRule anyOf(IdRule... rules) {
        List<FieldRule> all = new ArrayList<>();
        for (IdRule r : rules) {
            all.addAll(r.alternatives());
        }
        return new IdRule(all);
    }
}
