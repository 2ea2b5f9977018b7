package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.table.IdRule;
import java.util.ArrayList;
import java.util.List;

/** Short names the feature table is written with, so each row fits on a line, and its families in report order. */
public final class TableTerms {

    /** Scalar floating point and Advanced SIMD (NEON) with their extensions: FP16, RDM, dot product, BF16, I8MM... */
    public static final String IN_FP_SIMD = "FP/AdvSIMD";
    /** AES, PMULL, SHA-1/2/3/512, SM3/SM4, the random number generator. */
    public static final String IN_CRYPTO = "crypto";
    /** Scalar integer and branch extensions: CRC32, flag manipulation, CSSC, hinted branches. */
    public static final String IN_INTEGER = "integer";
    /** Atomics and memory ordering: LSE, LSE2 (USCAT), LRCPC, LS64. */
    public static final String IN_ATOMICS = "atomics";
    /** Cache maintenance and memory operations: DC CVAP, MOPS, RPRFM. */
    public static final String IN_MEMORY = "memory";
    /** The Scalable Vector Extension and its extensions. */
    public static final String IN_SVE = "SVE";
    /** The Scalable Matrix Extension and its extensions. */
    public static final String IN_SME = "SME";
    /** 8-bit floating point. */
    public static final String IN_FP8 = "FP8";
    /** Pointer authentication, BTI, MTE, GCS, speculation controls, DIT. */
    public static final String IN_SECURITY = "security";
    /** Facts of the kernel and the system: the MRS emulation, the event stream, timers, hints. */
    public static final String IN_SYSTEM = "system";

    /** The families, in the order a report lists them. */
    public static final List<String> FAMILIES = List.of(IN_FP_SIMD, IN_CRYPTO, IN_INTEGER, IN_ATOMICS, IN_MEMORY, IN_SVE,
            IN_SME, IN_FP8, IN_SECURITY, IN_SYSTEM);

    public static final IdRegister PFR0 = IdRegister.ID_AA64PFR0_EL1;
    public static final IdRegister PFR1 = IdRegister.ID_AA64PFR1_EL1;
    public static final IdRegister PFR2 = IdRegister.ID_AA64PFR2_EL1;
    public static final IdRegister ZFR0 = IdRegister.ID_AA64ZFR0_EL1;
    public static final IdRegister SMFR0 = IdRegister.ID_AA64SMFR0_EL1;
    public static final IdRegister FPFR0 = IdRegister.ID_AA64FPFR0_EL1;
    public static final IdRegister ISAR0 = IdRegister.ID_AA64ISAR0_EL1;
    public static final IdRegister ISAR1 = IdRegister.ID_AA64ISAR1_EL1;
    public static final IdRegister ISAR2 = IdRegister.ID_AA64ISAR2_EL1;
    public static final IdRegister ISAR3 = IdRegister.ID_AA64ISAR3_EL1;
    public static final IdRegister MMFR0 = IdRegister.ID_AA64MMFR0_EL1;
    public static final IdRegister MMFR1 = IdRegister.ID_AA64MMFR1_EL1;
    public static final IdRegister MMFR2 = IdRegister.ID_AA64MMFR2_EL1;
    public static final IdRegister MMFR3 = IdRegister.ID_AA64MMFR3_EL1;

    /** No ID register describes the feature. */
    public static final IdRule KERNEL_ONLY = new IdRule(List.of());

    private TableTerms() {
    }

    /** An unsigned 4-bit field at {@code lsb}, at least {@code min}. */
    public static IdRule field(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 4, false, min)));
    }

    /** A signed 4-bit field at {@code lsb} (0xF: not implemented), at least {@code min}. */
    public static IdRule signed(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 4, true, min)));
    }

    /** A single-bit field at {@code lsb}, at least {@code min}. */
    public static IdRule oneBit(IdRegister r, String name, int lsb, int min) {
        return new IdRule(List.of(new FieldRule(r, name, lsb, 1, false, min)));
    }

    /** Any of these rules. */
    public static IdRule anyOf(IdRule... rules) {
        List<FieldRule> all = new ArrayList<>();
        for (IdRule r : rules) {
            all.addAll(r.alternatives());
        }
        return new IdRule(all);
    }
}
