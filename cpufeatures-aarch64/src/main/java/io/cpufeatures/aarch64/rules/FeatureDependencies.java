package io.cpufeatures.aarch64.rules;

import static io.cpufeatures.aarch64.table.AArch64Feature.AES;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMD;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMDDP;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMDFHM;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMDHP;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMDRDM;
import static io.cpufeatures.aarch64.table.AArch64Feature.ATOMICS;
import static io.cpufeatures.aarch64.table.AArch64Feature.BF16;
import static io.cpufeatures.aarch64.table.AArch64Feature.CMPBR;
import static io.cpufeatures.aarch64.table.AArch64Feature.CSSC;
import static io.cpufeatures.aarch64.table.AArch64Feature.DCPODP;
import static io.cpufeatures.aarch64.table.AArch64Feature.DCPOP;
import static io.cpufeatures.aarch64.table.AArch64Feature.EBF16;
import static io.cpufeatures.aarch64.table.AArch64Feature.F8CVT;
import static io.cpufeatures.aarch64.table.AArch64Feature.F8DP2;
import static io.cpufeatures.aarch64.table.AArch64Feature.F8DP4;
import static io.cpufeatures.aarch64.table.AArch64Feature.F8FMA;
import static io.cpufeatures.aarch64.table.AArch64Feature.FAMINMAX;
import static io.cpufeatures.aarch64.table.AArch64Feature.FCMA;
import static io.cpufeatures.aarch64.table.AArch64Feature.FLAGM;
import static io.cpufeatures.aarch64.table.AArch64Feature.FLAGM2;
import static io.cpufeatures.aarch64.table.AArch64Feature.FP;
import static io.cpufeatures.aarch64.table.AArch64Feature.FPHP;
import static io.cpufeatures.aarch64.table.AArch64Feature.FPRCVT;
import static io.cpufeatures.aarch64.table.AArch64Feature.FRINT;
import static io.cpufeatures.aarch64.table.AArch64Feature.I8MM;
import static io.cpufeatures.aarch64.table.AArch64Feature.ILRCPC;
import static io.cpufeatures.aarch64.table.AArch64Feature.JSCVT;
import static io.cpufeatures.aarch64.table.AArch64Feature.LRCPC;
import static io.cpufeatures.aarch64.table.AArch64Feature.LRCPC3;
import static io.cpufeatures.aarch64.table.AArch64Feature.LSE128;
import static io.cpufeatures.aarch64.table.AArch64Feature.LUT;
import static io.cpufeatures.aarch64.table.AArch64Feature.MTE;
import static io.cpufeatures.aarch64.table.AArch64Feature.MTE3;
import static io.cpufeatures.aarch64.table.AArch64Feature.MTE_FAR;
import static io.cpufeatures.aarch64.table.AArch64Feature.MTE_STORE_ONLY;
import static io.cpufeatures.aarch64.table.AArch64Feature.PMULL;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA1;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA3;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA512;
import static io.cpufeatures.aarch64.table.AArch64Feature.SM3;
import static io.cpufeatures.aarch64.table.AArch64Feature.SM4;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME2P1;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME2P2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_B16B16;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_F16F16;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_F8F16;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_F8F32;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_FA64;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_SF8DP2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_SF8DP4;
import static io.cpufeatures.aarch64.table.AArch64Feature.SME_SF8FMA;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE2P1;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE2P2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEAES;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEBF16;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEBITPERM;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEF32MM;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEF64MM;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVEPMULL;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVESHA3;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVESM4;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE_AES2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE_B16B16;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE_BFSCALE;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE_EBF16;
import static io.cpufeatures.core.kit.DependencyRule.ours;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import io.cpufeatures.core.kit.RuleOrigin;
import java.util.ArrayList;
import java.util.List;

/**
 * The dependency table: a feature is usable only if every feature it depends on is. Applied
 * clear-only to a fixpoint, so the order of the rows does not matter and the closure is precomputed;
 * the kit closes the table and refuses a cycle ({@link io.cpufeatures.core.kit.DependencyTable}).
 *
 * <p>The rows, each with its origin: Linux's own rule that no SVE or SME
 * hwcap exists without SVE or SME (generated from the feature table: every row read from
 * ID_AA64ZFR0_EL1 depends on {@code sve}, every row read from ID_AA64SMFR0_EL1 on {@code sme});
 * the REQUIRES lists of GCC's {@code aarch64-option-extensions.def} ({@code sve2 <- sve},
 * {@code sveaes <- sve2 & aes}...); the requirements Rust's {@code std_detect} applies on Linux
 * ({@code sme <- bf16}, the FP8 chain...); the features that are higher values of the same field
 * ({@code pmull <- aes}, {@code sve2p1 <- sve2}); and our own rows, each with its reason.
 */
public final class FeatureDependencies {

    /**
     * Linux {@code arch/arm64/kernel/cpufeature.c}: the hwcaps of ID_AA64ZFR0_EL1 fields are set only when the
     * system supports SVE ({@code has_sve_feature()}), those of ID_AA64SMFR0_EL1 only when it supports SME
     * ({@code has_sme_feature()}).
     */
    public static final RuleOrigin LINUX = RuleOrigin.from("Linux has_sve_feature()/has_sme_feature()");
    /**
     * GCC {@code gcc/config/aarch64/aarch64-option-extensions.def}: the REQUIRES list of each extension
     * ("features that must be enabled whenever this feature is enabled").
     */
    public static final RuleOrigin GCC = RuleOrigin.from("GCC aarch64-option-extensions.def");
    /**
     * Rust {@code library/stdarch/crates/std_detect/src/detect/os/linux/aarch64.rs}: the requirements it
     * applies to the hwcaps before reporting a feature.
     */
    public static final RuleOrigin RUST = RuleOrigin.from("Rust std_detect");
    /**
     * The two features are values of one ID-register field, the dependent one the higher: a CPU cannot have
     * it without the lower (the kernel's rows for both read the same field).
     */
    public static final RuleOrigin SAME_FIELD = RuleOrigin.from("one ID-register field");

    private static final List<DependencyRule<AArch64Feature>> TABLE = table(List.of(
            // GCC aarch64-option-extensions.def, REQUIRES
            gcc(ASIMD, FP),
            gcc(FPHP, FP),
            gcc(ASIMDDP, ASIMD),
            gcc(AES, ASIMD),
            gcc(SHA1, ASIMD),
            gcc(SHA2, ASIMD),
            gcc(SHA3, SHA1),
            gcc(SHA3, SHA2),
            gcc(SHA512, SHA1),
            gcc(SHA512, SHA2),
            gcc(SM3, ASIMD),
            gcc(SM4, ASIMD),
            gcc(SVE, ASIMD),
            gcc(SVE, FPHP),
            gcc(SVE2, SVE),
            gcc(SVESM4, SVE2),
            gcc(SVESM4, SM4),
            gcc(SVEAES, SVE2),
            gcc(SVEAES, AES),
            gcc(SVESHA3, SVE2),
            gcc(SVESHA3, SHA3),
            gcc(SVEBITPERM, SVE2),
            gcc(I8MM, ASIMD),
            gcc(SVEF32MM, SVE),
            gcc(SVEF64MM, SVE),
            gcc(BF16, FP),
            // Rust std_detect, Linux aarch64
            rust(FCMA, ASIMD),
            rust(SVE_B16B16, BF16),
            rust(SME, BF16),
            rust(SME2, SME),
            rust(SME_FA64, SVE2),
            rust(SME_F16F16, SME2),
            rust(SME_B16B16, SME2),
            rust(SME_B16B16, SVE_B16B16),
            rust(F8CVT, FAMINMAX),
            rust(F8CVT, LUT),
            rust(F8CVT, BF16),
            rust(F8FMA, F8CVT),
            rust(F8DP4, F8FMA),
            rust(F8DP2, F8DP4),
            rust(SME_F8F32, SME2),
            rust(SME_F8F32, F8CVT),
            rust(SME_F8F16, SME_F8F32),
            rust(SME_SF8FMA, SME2),
            rust(SME_SF8FMA, F8CVT),
            rust(SME_SF8DP4, SME_SF8FMA),
            rust(SME_SF8DP2, SME_SF8DP4),
            // Higher values of one field
            field(PMULL, AES),
            field(SHA512, SHA2),
            field(ASIMDHP, ASIMD),
            field(ILRCPC, LRCPC),
            field(LRCPC3, ILRCPC),
            field(DCPODP, DCPOP),
            field(FLAGM2, FLAGM),
            field(LSE128, ATOMICS),
            field(MTE3, MTE),
            field(EBF16, BF16),
            field(SVE_EBF16, SVEBF16),
            field(SVEPMULL, SVEAES),
            field(SVE_AES2, SVEPMULL),
            field(SVE2P1, SVE2),
            field(SVE2P2, SVE2P1),
            field(SVE_BFSCALE, SVE_B16B16),
            field(CMPBR, CSSC),
            field(SME2P1, SME2),
            field(SME2P2, SME2P1),
            // cpufeatures' own rows
            ours(ASIMDRDM, ASIMD, "SQRDMLAH and SQRDMLSH are Advanced SIMD instructions (GCC turns +simd on with +rdma)"),
            ours(ASIMDFHM, ASIMDHP, "FMLAL and FMLSL take half-precision AdvSIMD operands (GCC turns +fp16 on with +fp16fml)"),
            ours(JSCVT, FP, "FJCVTZS is a floating-point instruction"),
            ours(FRINT, FP, "FRINT32Z, FRINT64X... are floating-point and AdvSIMD instructions"),
            ours(FAMINMAX, ASIMD, "FAMAX and FAMIN are Advanced SIMD (and SVE) instructions"),
            ours(LUT, ASIMD, "LUTI2 and LUTI4 are Advanced SIMD instructions"),
            ours(FPRCVT, FP, "the FPRCVT conversions are floating-point instructions"),
            ours(SVEBF16, BF16, "ID_AA64ZFR0_EL1.BF16 describes FEAT_BF16's SVE instructions"),
            ours(MTE_FAR, MTE, "reports the faulting address of a tag-check fault, which needs MTE's tag checking"),
            ours(MTE_STORE_ONLY, MTE, "restricts MTE's tag checking to stores, which needs MTE's tag checking")));

    private FeatureDependencies() {
    }

    /** The rows above, then Linux's: each ZFR0 row on {@code sve}, each SMFR0 row on {@code sme}. */
    private static List<DependencyRule<AArch64Feature>> table(List<DependencyRule<AArch64Feature>> listed) {
        List<DependencyRule<AArch64Feature>> all = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            List<IdRegister> regs = f.idRule().registers();
            if (regs.contains(IdRegister.ID_AA64ZFR0_EL1)) {
                all.add(DependencyRule.of(LINUX, f, SVE));
            } else if (regs.contains(IdRegister.ID_AA64SMFR0_EL1)) {
                all.add(DependencyRule.of(LINUX, f, SME));
            }
        }
        List<DependencyRule<AArch64Feature>> rows = new ArrayList<>(listed);
        rows.addAll(all);
        return List.copyOf(rows);
    }

    private static DependencyRule<AArch64Feature> gcc(AArch64Feature feature, AArch64Feature dependsOn) {
        return DependencyRule.of(GCC, feature, dependsOn);
    }

    private static DependencyRule<AArch64Feature> rust(AArch64Feature feature, AArch64Feature dependsOn) {
        return DependencyRule.of(RUST, feature, dependsOn);
    }

    private static DependencyRule<AArch64Feature> field(AArch64Feature feature, AArch64Feature dependsOn) {
        return DependencyRule.of(SAME_FIELD, feature, dependsOn);
    }

    /** The table, closed. */
    public static final DependencyTable<AArch64Feature> DEPENDENCIES = DependencyTable.of(AArch64Table.FEATURES, TABLE);
}
