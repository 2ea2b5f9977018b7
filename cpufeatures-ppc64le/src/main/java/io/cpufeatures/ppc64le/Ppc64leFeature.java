package io.cpufeatures.ppc64le;

import io.cpufeatures.core.kit.FeatureNames;
import io.cpufeatures.core.kit.FeatureRow;
import io.cpufeatures.ppc64le.table.Families;

/**
 * The ppc64le feature table: one line per hwcap bit Linux defines for powerpc
 * ({@code arch/powerpc/include/uapi/asm/cputable.h}), with its word and bit, the kernel's macro, the
 * canonical name and the family a report lists it under. On powerpc the kernel's HWCAP words are both what
 * the CPU has and what the kernel allows: user space has no ID registers to read (the PVR is privileged),
 * so a feature is present exactly when its bit is set.
 *
 * <p>The canonical name is glibc's ({@code _dl_powerpc_cap_flags}, what {@code LD_SHOW_AUXV} prints and
 * GCC's {@code __builtin_cpu_supports} accepts), with {@code -} read as {@code _} and {@code power5+}
 * spelt {@code power5_plus}.
 */
public enum Ppc64leFeature implements FeatureRow {
    // AT_HWCAP
    /** 32-bit mode; the kernel sets it on 64-bit CPUs too: PPC_FEATURE_32. */
    PPC32(1, 31, "32", "ppc32", Families.BASE),
    /** 64-bit mode: PPC_FEATURE_64. */
    PPC64(1, 30, "64", "ppc64", Families.BASE),
    /** The PowerPC 601's instructions: PPC_FEATURE_601_INSTR. */
    PPC601(1, 29, "601_INSTR", "ppc601", Families.LEGACY),
    /** AltiVec (VMX), the 128-bit vector unit: PPC_FEATURE_HAS_ALTIVEC. */
    ALTIVEC(1, 28, "HAS_ALTIVEC", "altivec", Families.VECTOR),
    /** Floating point: PPC_FEATURE_HAS_FPU. */
    FPU(1, 27, "HAS_FPU", "fpu", Families.FLOATING_POINT),
    /** A memory management unit: PPC_FEATURE_HAS_MMU. */
    MMU(1, 26, "HAS_MMU", "mmu", Families.BASE),
    /** The 4xx multiply-accumulate instructions: PPC_FEATURE_HAS_4xxMAC. */
    MAC_4XX(1, 25, "HAS_4xxMAC", "4xxmac", Families.LEGACY),
    /** A unified instruction and data cache: PPC_FEATURE_UNIFIED_CACHE. */
    UCACHE(1, 24, "UNIFIED_CACHE", "ucache", Families.SYSTEM),
    /** The Signal Processing Engine: PPC_FEATURE_HAS_SPE. */
    SPE(1, 23, "HAS_SPE", "spe", Families.LEGACY),
    /** Embedded single-precision floating point: PPC_FEATURE_HAS_EFP_SINGLE. */
    EFPSINGLE(1, 22, "HAS_EFP_SINGLE", "efpsingle", Families.LEGACY),
    /** Embedded double-precision floating point: PPC_FEATURE_HAS_EFP_DOUBLE. */
    EFPDOUBLE(1, 21, "HAS_EFP_DOUBLE", "efpdouble", Families.LEGACY),
    /** No time base register: PPC_FEATURE_NO_TB. */
    NOTB(1, 20, "NO_TB", "notb", Families.SYSTEM),
    /** POWER4's instructions: PPC_FEATURE_POWER4. */
    POWER4(1, 19, "POWER4", "power4", Families.LEGACY),
    /** POWER5's instructions: PPC_FEATURE_POWER5. */
    POWER5(1, 18, "POWER5", "power5", Families.LEGACY),
    /** POWER5+'s instructions: PPC_FEATURE_POWER5_PLUS. */
    POWER5_PLUS(1, 17, "POWER5_PLUS", "power5_plus", Families.LEGACY, "power5+"),
    /** The Cell Broadband Engine: PPC_FEATURE_CELL. */
    CELLBE(1, 16, "CELL", "cellbe", Families.LEGACY),
    /** Book E: PPC_FEATURE_BOOKE. */
    BOOKE(1, 15, "BOOKE", "booke", Families.LEGACY),
    /** Simultaneous multithreading: PPC_FEATURE_SMT. */
    SMT(1, 14, "SMT", "smt", Families.SYSTEM),
    /** Instruction cache snooping: PPC_FEATURE_ICACHE_SNOOP. */
    IC_SNOOP(1, 13, "ICACHE_SNOOP", "ic_snoop", Families.SYSTEM),
    /** Power ISA 2.05 (POWER6): PPC_FEATURE_ARCH_2_05. */
    ARCH_2_05(1, 12, "ARCH_2_05", "arch_2_05", Families.ISA),
    /** PA Semi PA6T's instructions: PPC_FEATURE_PA6T. */
    PA6T(1, 11, "PA6T", "pa6t", Families.LEGACY),
    /** Decimal floating point: PPC_FEATURE_HAS_DFP. */
    DFP(1, 10, "HAS_DFP", "dfp", Families.FLOATING_POINT),
    /** POWER6's extended instructions: PPC_FEATURE_POWER6_EXT. */
    POWER6X(1, 9, "POWER6_EXT", "power6x", Families.LEGACY),
    /** Power ISA 2.06 (POWER7): PPC_FEATURE_ARCH_2_06. */
    ARCH_2_06(1, 8, "ARCH_2_06", "arch_2_06", Families.ISA),
    /** The Vector-Scalar Extension: 64 128-bit registers for vector and scalar floating point: PPC_FEATURE_HAS_VSX. */
    VSX(1, 7, "HAS_VSX", "vsx", Families.VECTOR),
    /** The pSeries performance monitor's compatible events: PPC_FEATURE_PSERIES_PERFMON_COMPAT. */
    ARCHPMU(1, 6, "PSERIES_PERFMON_COMPAT", "archpmu", Families.SYSTEM),
    /** True little-endian mode: PPC_FEATURE_TRUE_LE. */
    TRUE_LE(1, 1, "TRUE_LE", "true_le", Families.BASE),
    /** PowerPC little-endian mode: PPC_FEATURE_PPC_LE. */
    PPCLE(1, 0, "PPC_LE", "ppcle", Families.BASE),
    // AT_HWCAP2
    /** Power ISA 2.07 (POWER8): PPC_FEATURE2_ARCH_2_07. */
    ARCH_2_07(2, 31, "ARCH_2_07", "arch_2_07", Families.ISA),
    /** Hardware transactional memory: PPC_FEATURE2_HTM. */
    HTM(2, 30, "HTM", "htm", Families.TRANSACTIONS),
    /** The data stream control register for user space: PPC_FEATURE2_DSCR. */
    DSCR(2, 29, "DSCR", "dscr", Families.SYSTEM),
    /** Event-based branches: PPC_FEATURE2_EBB. */
    EBB(2, 28, "EBB", "ebb", Families.SYSTEM),
    /** Integer select, isel: PPC_FEATURE2_ISEL. */
    ISEL(2, 27, "ISEL", "isel", Families.BASE),
    /** The target address register, bctar: PPC_FEATURE2_TAR. */
    TAR(2, 26, "TAR", "tar", Families.SYSTEM),
    /** Vector crypto: AES (vcipher), SHA-2 (vshasigma), polynomial multiply (vpmsum): PPC_FEATURE2_VEC_CRYPTO. */
    VCRYPTO(2, 25, "VEC_CRYPTO", "vcrypto", Families.CRYPTO),
    /** A system call aborts a transaction: PPC_FEATURE2_HTM_NOSC. */
    HTM_NOSC(2, 24, "HTM_NOSC", "htm_nosc", Families.TRANSACTIONS),
    /** Power ISA 3.0 (POWER9): PPC_FEATURE2_ARCH_3_00. */
    ARCH_3_00(2, 23, "ARCH_3_00", "arch_3_00", Families.ISA),
    /** IEEE 754 quad-precision floating point in VSX registers: PPC_FEATURE2_HAS_IEEE128. */
    IEEE128(2, 22, "HAS_IEEE128", "ieee128", Families.FLOATING_POINT),
    /** The random number instruction, darn: PPC_FEATURE2_DARN. */
    DARN(2, 21, "DARN", "darn", Families.CRYPTO),
    /** The scv system call instruction: PPC_FEATURE2_SCV. */
    SCV(2, 20, "SCV", "scv", Families.SYSTEM),
    /** Transactions without suspended state: PPC_FEATURE2_HTM_NO_SUSPEND. */
    HTM_NO_SUSPEND(2, 19, "HTM_NO_SUSPEND", "htm_no_suspend", Families.TRANSACTIONS),
    /** Power ISA 3.1 (POWER10): PPC_FEATURE2_ARCH_3_1. */
    ARCH_3_1(2, 18, "ARCH_3_1", "arch_3_1", Families.ISA),
    /** Matrix-Multiply Assist: PPC_FEATURE2_MMA. */
    MMA(2, 17, "MMA", "mma", Families.VECTOR);

    private final int word;
    private final int bit;
    private final String macro;
    private final FeatureNames names;

    Ppc64leFeature(int word, int bit, String macro, String canonicalName, String family, String... aliases) {
        this.word = word;
        this.bit = bit;
        this.macro = (word == 1 ? "PPC_FEATURE_" : "PPC_FEATURE2_") + macro;
        this.names = FeatureNames.of(canonicalName, family, aliases);
    }

    @Override
    public FeatureNames names() {
        return names;
    }

    /** {@return which word holds its bit: 1 for {@code AT_HWCAP}, 2 for {@code AT_HWCAP2}} */
    public int word() {
        return word;
    }

    /** {@return its bit in the 32-bit word, 0 to 31} */
    public int bit() {
        return bit;
    }

    /** {@return its HWCAP bit in words, as {@link #hwcapName} writes it} */
    @Override
    public String where() {
        return hwcapName();
    }

    /** {@return the kernel's macro with its word and mask: {@code PPC_FEATURE2_MMA (AT_HWCAP2 0x00020000)}} */
    public String hwcapName() {
        return macro + " (AT_HWCAP" + (word == 1 ? "" : "2") + String.format(" 0x%08x)", 1L << bit);
    }

    @Override
    public String toString() {
        return names.canonicalName();
    }
}
