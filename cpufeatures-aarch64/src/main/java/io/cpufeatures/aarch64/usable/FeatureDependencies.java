package io.cpufeatures.aarch64.usable;

import java.util.Objects;

import static io.cpufeatures.aarch64.feature.AArch64Feature.AES;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ASIMD;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ASIMDDP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ASIMDFHM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ASIMDHP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ASIMDRDM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ATOMICS;
import static io.cpufeatures.aarch64.feature.AArch64Feature.BF16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.CMPBR;
import static io.cpufeatures.aarch64.feature.AArch64Feature.CSSC;
import static io.cpufeatures.aarch64.feature.AArch64Feature.DCPODP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.DCPOP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.EBF16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.F8CVT;
import static io.cpufeatures.aarch64.feature.AArch64Feature.F8DP2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.F8DP4;
import static io.cpufeatures.aarch64.feature.AArch64Feature.F8FMA;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FAMINMAX;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FCMA;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FLAGM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FLAGM2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FPHP;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FPRCVT;
import static io.cpufeatures.aarch64.feature.AArch64Feature.FRINT;
import static io.cpufeatures.aarch64.feature.AArch64Feature.I8MM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.ILRCPC;
import static io.cpufeatures.aarch64.feature.AArch64Feature.JSCVT;
import static io.cpufeatures.aarch64.feature.AArch64Feature.LRCPC;
import static io.cpufeatures.aarch64.feature.AArch64Feature.LRCPC3;
import static io.cpufeatures.aarch64.feature.AArch64Feature.LSE128;
import static io.cpufeatures.aarch64.feature.AArch64Feature.LUT;
import static io.cpufeatures.aarch64.feature.AArch64Feature.MTE;
import static io.cpufeatures.aarch64.feature.AArch64Feature.MTE3;
import static io.cpufeatures.aarch64.feature.AArch64Feature.MTE_FAR;
import static io.cpufeatures.aarch64.feature.AArch64Feature.MTE_STORE_ONLY;
import static io.cpufeatures.aarch64.feature.AArch64Feature.PMULL;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SHA1;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SHA2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SHA3;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SHA512;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SM3;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SM4;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME2P1;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME2P2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_B16B16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_F16F16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_F8F16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_F8F32;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_FA64;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_SF8DP2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_SF8DP4;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SME_SF8FMA;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE2P1;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE2P2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEAES;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEBF16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEBITPERM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEF32MM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEF64MM;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVEPMULL;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVESHA3;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVESM4;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE_AES2;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE_B16B16;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE_BFSCALE;
import static io.cpufeatures.aarch64.feature.AArch64Feature.SVE_EBF16;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.raw.IdRegister;
import io.cpufeatures.core.spi.DependencyClosure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dependency table: a feature is usable only if every feature it depends on is. Applied
 * clear-only to a fixpoint, so the order of the rows does not matter and the closure is precomputed;
 * the table must be acyclic (checked on load).
 *
 * <p>The rows, each with its origin ({@link Dependency.Origin}): Linux's own rule that no SVE or SME
 * hwcap exists without SVE or SME (generated from the feature table: every row read from
 * ID_AA64ZFR0_EL1 depends on {@code sve}, every row read from ID_AA64SMFR0_EL1 on {@code sme});
 * the REQUIRES lists of GCC's {@code aarch64-option-extensions.def} ({@code sve2 <- sve},
 * {@code sveaes <- sve2 & aes}...); the requirements Rust's {@code std_detect} applies on Linux
 * ({@code sme <- bf16}, the FP8 chain...); the features that are higher values of the same field
 * ({@code pmull <- aes}, {@code sve2p1 <- sve2}); and our own rows, each with its reason.
 */
public final class FeatureDependencies {

    private static final List<Dependency> TABLE = table(List.of(
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

    private static final Map<AArch64Feature, List<AArch64Feature>> DIRECT = direct(TABLE);
    private static final Map<AArch64Feature, Set<AArch64Feature>> CLOSURE = closure(TABLE);
    private static final Map<AArch64Feature, EnumSet<AArch64Feature>> CLOSURE_SETS = closureSets(CLOSURE);

    private FeatureDependencies() {
    }

    /** The rows above, then Linux's: each ZFR0 row on {@code sve}, each SMFR0 row on {@code sme}. */
    private static List<Dependency> table(List<Dependency> listed) {
        List<Dependency> all = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            List<IdRegister> regs = f.idRule().registers();
            if (regs.contains(IdRegister.ID_AA64ZFR0_EL1)) {
                all.add(new Dependency(f, SVE, Dependency.Origin.LINUX, ""));
            } else if (regs.contains(IdRegister.ID_AA64SMFR0_EL1)) {
                all.add(new Dependency(f, SME, Dependency.Origin.LINUX, ""));
            }
        }
        List<Dependency> rows = new ArrayList<>(listed);
        rows.addAll(all);
        return List.copyOf(rows);
    }

    private static Dependency gcc(AArch64Feature feature, AArch64Feature dependsOn) {
        return new Dependency(feature, dependsOn, Dependency.Origin.GCC, "");
    }

    private static Dependency rust(AArch64Feature feature, AArch64Feature dependsOn) {
        return new Dependency(feature, dependsOn, Dependency.Origin.RUST, "");
    }

    private static Dependency field(AArch64Feature feature, AArch64Feature dependsOn) {
        return new Dependency(feature, dependsOn, Dependency.Origin.SAME_FIELD, "");
    }

    private static Dependency ours(AArch64Feature feature, AArch64Feature dependsOn, String why) {
        return new Dependency(feature, dependsOn, Dependency.Origin.CPUFEATURES, why);
    }

    /** {@return every row, in table order; immutable} */
    public static List<Dependency> table() {
        return TABLE;
    }

    /**
     * The features {@code feature} depends on directly, in table order, each once.
     *
     * @param feature the feature; not null
     * @return its direct dependencies; immutable, empty for a feature that depends on none
     */
    public static List<AArch64Feature> direct(AArch64Feature feature) {
        return DIRECT.get(Objects.requireNonNull(feature, "feature"));
    }

    /**
     * Every feature {@code feature} depends on, directly or not.
     *
     * @param feature the feature; not null
     * @return the transitive closure of its dependencies, in feature-table order; unmodifiable, empty for a feature
     *         that depends on none
     */
    public static Set<AArch64Feature> closureOf(AArch64Feature feature) {
        return CLOSURE.get(Objects.requireNonNull(feature, "feature"));
    }

    /** Whether every feature {@code feature} depends on, directly or not, is in {@code set}. */
    static boolean closureWithin(AArch64Feature feature, EnumSet<AArch64Feature> set) {
        return set.containsAll(CLOSURE_SETS.get(feature));
    }

    private static Map<AArch64Feature, List<AArch64Feature>> direct(List<Dependency> table) {
        Map<AArch64Feature, List<AArch64Feature>> result = new EnumMap<>(AArch64Feature.class);
        for (AArch64Feature f : AArch64Feature.values()) {
            List<AArch64Feature> deps = new ArrayList<>();
            for (Dependency d : table) {
                if (d.feature() == f && !deps.contains(d.dependsOn())) {
                    deps.add(d.dependsOn());
                }
            }
            result.put(f, List.copyOf(deps));
        }
        return Collections.unmodifiableMap(result);
    }

    /**
     * The transitive closure of {@code table}.
     *
     * @throws IllegalStateException naming the feature if the table has a cycle through it
     */
    static Map<AArch64Feature, Set<AArch64Feature>> closure(List<Dependency> table) {
        return DependencyClosure.of(AArch64Feature.class, table, Dependency::feature, Dependency::dependsOn,
                AArch64Feature::canonicalName);
    }

    private static Map<AArch64Feature, EnumSet<AArch64Feature>> closureSets(Map<AArch64Feature, Set<AArch64Feature>> closure) {
        Map<AArch64Feature, EnumSet<AArch64Feature>> sets = new EnumMap<>(AArch64Feature.class);
        closure.forEach((f, deps) -> sets.put(f, deps.isEmpty() ? EnumSet.noneOf(AArch64Feature.class) : EnumSet.copyOf(deps)));
        return sets;
    }
}
