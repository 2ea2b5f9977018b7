package io.cpufeatures.aarch64.feature;

import static io.cpufeatures.aarch64.feature.TableTerms.FPFR0;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_ATOMICS;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_CRYPTO;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_FP8;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_FP_SIMD;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_INTEGER;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_MEMORY;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_SECURITY;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_SME;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_SVE;
import static io.cpufeatures.aarch64.feature.TableTerms.IN_SYSTEM;
import static io.cpufeatures.aarch64.feature.TableTerms.ISAR0;
import static io.cpufeatures.aarch64.feature.TableTerms.ISAR1;
import static io.cpufeatures.aarch64.feature.TableTerms.ISAR2;
import static io.cpufeatures.aarch64.feature.TableTerms.ISAR3;
import static io.cpufeatures.aarch64.feature.TableTerms.KERNEL_ONLY;
import static io.cpufeatures.aarch64.feature.TableTerms.MMFR0;
import static io.cpufeatures.aarch64.feature.TableTerms.MMFR1;
import static io.cpufeatures.aarch64.feature.TableTerms.MMFR2;
import static io.cpufeatures.aarch64.feature.TableTerms.MMFR3;
import static io.cpufeatures.aarch64.feature.TableTerms.PFR0;
import static io.cpufeatures.aarch64.feature.TableTerms.PFR1;
import static io.cpufeatures.aarch64.feature.TableTerms.PFR2;
import static io.cpufeatures.aarch64.feature.TableTerms.SMFR0;
import static io.cpufeatures.aarch64.feature.TableTerms.ZFR0;
import static io.cpufeatures.aarch64.feature.TableTerms.anyOf;
import static io.cpufeatures.aarch64.feature.TableTerms.field;
import static io.cpufeatures.aarch64.feature.TableTerms.oneBit;
import static io.cpufeatures.aarch64.feature.TableTerms.signed;
import static io.cpufeatures.aarch64.raw.HwcapWord.HWCAP;
import static io.cpufeatures.aarch64.raw.HwcapWord.HWCAP2;
import static io.cpufeatures.aarch64.raw.HwcapWord.HWCAP3;

import io.cpufeatures.aarch64.raw.HwcapWord;
import java.util.List;

/**
 * The AArch64 feature table: one line per hwcap Linux publishes, with its HWCAP word and bit, its
 * canonical name, the family a report lists it under, the ID-register field and minimum value that
 * mean the CPU has it, and the other spellings accepted for it.
 *
 * <p>The rows are Linux's {@code arm64_elf_hwcaps[]} ({@code arch/arm64/kernel/cpufeature.c}): the
 * kernel sets a hwcap when the sanitised, user-visible value of the field is at least the minimum
 * (a signed comparison for the signed fields FP and AdvSIMD, where 0xF means not implemented), and
 * {@code Documentation/arch/arm64/elf_hwcaps.rst} words each as "functionality implied by
 * idreg.field == val". Bit numbers are {@code arch/arm64/include/uapi/asm/hwcap.h}; field positions
 * {@code arch/arm64/tools/sysreg}. Pointer authentication accepts any of three algorithm fields
 * (QARMA5, QARMA3, IMPLEMENTATION DEFINED). Two rows have no field: {@code cpuid} (the kernel's MRS
 * emulation, always set) and {@code evtstrm} (the timer event stream the arch timer driver enables).
 *
 * <p>The canonical name is the string the kernel prints in {@code /proc/cpuinfo} "Features"
 * ({@code hwcap_str[]} in {@code arch/arm64/kernel/cpuinfo.c}): SVE and SME names have no
 * underscores ({@code sveaes}, {@code smei16i64}). Aliases are the GCC, LLVM and Rust
 * {@code std_detect} spellings ({@code neon}, {@code lse}, {@code dotprod}, {@code sve2-aes}); none
 * means something else on x86, so one index serves both architectures.
 */
public enum AArch64Feature {
    // AT_HWCAP
    FP(HWCAP, 0, "fp", IN_FP_SIMD, signed(PFR0, "FP", 16, 0x0)),
    ASIMD(HWCAP, 1, "asimd", IN_FP_SIMD, signed(PFR0, "AdvSIMD", 20, 0x0), "neon", "advsimd", "simd"),
    EVTSTRM(HWCAP, 2, "evtstrm", IN_SYSTEM, KERNEL_ONLY),
    AES(HWCAP, 3, "aes", IN_CRYPTO, field(ISAR0, "AES", 4, 0x1)),
    PMULL(HWCAP, 4, "pmull", IN_CRYPTO, field(ISAR0, "AES", 4, 0x2)),
    SHA1(HWCAP, 5, "sha1", IN_CRYPTO, field(ISAR0, "SHA1", 8, 0x1)),
    SHA2(HWCAP, 6, "sha2", IN_CRYPTO, field(ISAR0, "SHA2", 12, 0x1), "sha256"),
    CRC32(HWCAP, 7, "crc32", IN_INTEGER, field(ISAR0, "CRC32", 16, 0x1), "crc"),
    ATOMICS(HWCAP, 8, "atomics", IN_ATOMICS, field(ISAR0, "ATOMIC", 20, 0x2), "lse"),
    FPHP(HWCAP, 9, "fphp", IN_FP_SIMD, signed(PFR0, "FP", 16, 0x1), "fp16"),
    ASIMDHP(HWCAP, 10, "asimdhp", IN_FP_SIMD, signed(PFR0, "AdvSIMD", 20, 0x1)),
    CPUID(HWCAP, 11, "cpuid", IN_SYSTEM, KERNEL_ONLY),
    ASIMDRDM(HWCAP, 12, "asimdrdm", IN_FP_SIMD, field(ISAR0, "RDM", 28, 0x1), "rdm", "rdma"),
    JSCVT(HWCAP, 13, "jscvt", IN_FP_SIMD, field(ISAR1, "JSCVT", 12, 0x1), "jsconv"),
    FCMA(HWCAP, 14, "fcma", IN_FP_SIMD, field(ISAR1, "FCMA", 16, 0x1)),
    LRCPC(HWCAP, 15, "lrcpc", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x1), "rcpc"),
    DCPOP(HWCAP, 16, "dcpop", IN_MEMORY, field(ISAR1, "DPB", 0, 0x1), "dpb"),
    SHA3(HWCAP, 17, "sha3", IN_CRYPTO, field(ISAR0, "SHA3", 32, 0x1)),
    SM3(HWCAP, 18, "sm3", IN_CRYPTO, field(ISAR0, "SM3", 36, 0x1)),
    SM4(HWCAP, 19, "sm4", IN_CRYPTO, field(ISAR0, "SM4", 40, 0x1)),
    ASIMDDP(HWCAP, 20, "asimddp", IN_FP_SIMD, field(ISAR0, "DP", 44, 0x1), "dotprod"),
    SHA512(HWCAP, 21, "sha512", IN_CRYPTO, field(ISAR0, "SHA2", 12, 0x2)),
    SVE(HWCAP, 22, "sve", IN_SVE, field(PFR0, "SVE", 32, 0x1)),
    ASIMDFHM(HWCAP, 23, "asimdfhm", IN_FP_SIMD, field(ISAR0, "FHM", 48, 0x1), "fhm", "fp16fml"),
    DIT(HWCAP, 24, "dit", IN_SECURITY, field(PFR0, "DIT", 48, 0x1)),
    USCAT(HWCAP, 25, "uscat", IN_ATOMICS, field(MMFR2, "AT", 32, 0x1), "lse2"),
    ILRCPC(HWCAP, 26, "ilrcpc", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x2), "rcpc2"),
    FLAGM(HWCAP, 27, "flagm", IN_INTEGER, field(ISAR0, "TS", 52, 0x1)),
    SSBS(HWCAP, 28, "ssbs", IN_SECURITY, field(PFR1, "SSBS", 4, 0x2)),
    SB(HWCAP, 29, "sb", IN_SECURITY, field(ISAR1, "SB", 36, 0x1)),
    PACA(HWCAP, 30, "paca", IN_SECURITY, anyOf(field(ISAR1, "APA", 4, 0x1), field(ISAR2, "APA3", 12, 0x1), field(ISAR1, "API", 8, 0x1)), "pauth"),
    PACG(HWCAP, 31, "pacg", IN_SECURITY, anyOf(field(ISAR1, "GPA", 24, 0x1), field(ISAR2, "GPA3", 8, 0x1), field(ISAR1, "GPI", 28, 0x1))),
    GCS(HWCAP, 32, "gcs", IN_SECURITY, field(PFR1, "GCS", 44, 0x1)),
    CMPBR(HWCAP, 33, "cmpbr", IN_INTEGER, field(ISAR2, "CSSC", 52, 0x2)),
    FPRCVT(HWCAP, 34, "fprcvt", IN_FP_SIMD, field(ISAR3, "FPRCVT", 28, 0x1)),
    F8MM8(HWCAP, 35, "f8mm8", IN_FP8, oneBit(FPFR0, "F8MM8", 27, 0x1)),
    F8MM4(HWCAP, 36, "f8mm4", IN_FP8, oneBit(FPFR0, "F8MM4", 26, 0x1)),
    SVE_F16MM(HWCAP, 37, "svef16mm", IN_SVE, field(ZFR0, "F16MM", 48, 0x1), "sve_f16mm"),
    SVE_ELTPERM(HWCAP, 38, "sveeltperm", IN_SVE, field(ZFR0, "EltPerm", 12, 0x1), "sve_eltperm"),
    SVE_AES2(HWCAP, 39, "sveaes2", IN_SVE, field(ZFR0, "AES", 4, 0x3), "sve_aes2"),
    SVE_BFSCALE(HWCAP, 40, "svebfscale", IN_SVE, field(ZFR0, "B16B16", 24, 0x2), "sve_bfscale"),
    SVE2P2(HWCAP, 41, "sve2p2", IN_SVE, field(ZFR0, "SVEver", 0, 0x3)),
    SME2P2(HWCAP, 42, "sme2p2", IN_SME, field(SMFR0, "SMEver", 56, 0x3)),
    SME_SBITPERM(HWCAP, 43, "smesbitperm", IN_SME, oneBit(SMFR0, "SBitPerm", 25, 0x1), "sme_sbitperm"),
    SME_AES(HWCAP, 44, "smeaes", IN_SME, oneBit(SMFR0, "AES", 24, 0x1), "sme_aes"),
    SME_SFEXPA(HWCAP, 45, "smesfexpa", IN_SME, oneBit(SMFR0, "SFEXPA", 23, 0x1), "sme_sfexpa"),
    SME_STMOP(HWCAP, 46, "smestmop", IN_SME, oneBit(SMFR0, "STMOP", 16, 0x1), "sme_stmop"),
    SME_SMOP4(HWCAP, 47, "smesmop4", IN_SME, oneBit(SMFR0, "SMOP4", 0, 0x1), "sme_smop4"),

    // AT_HWCAP2
    DCPODP(HWCAP2, 0, "dcpodp", IN_MEMORY, field(ISAR1, "DPB", 0, 0x2), "dpb2"),
    SVE2(HWCAP2, 1, "sve2", IN_SVE, field(ZFR0, "SVEver", 0, 0x1)),
    SVEAES(HWCAP2, 2, "sveaes", IN_SVE, field(ZFR0, "AES", 4, 0x1), "sve2_aes", "sve_aes"),
    SVEPMULL(HWCAP2, 3, "svepmull", IN_SVE, field(ZFR0, "AES", 4, 0x2), "sve2_pmull128", "sve_pmull128"),
    SVEBITPERM(HWCAP2, 4, "svebitperm", IN_SVE, field(ZFR0, "BitPerm", 16, 0x1), "sve2_bitperm", "sve_bitperm"),
    SVESHA3(HWCAP2, 5, "svesha3", IN_SVE, field(ZFR0, "SHA3", 32, 0x1), "sve2_sha3", "sve_sha3"),
    SVESM4(HWCAP2, 6, "svesm4", IN_SVE, field(ZFR0, "SM4", 40, 0x1), "sve2_sm4", "sve_sm4"),
    FLAGM2(HWCAP2, 7, "flagm2", IN_INTEGER, field(ISAR0, "TS", 52, 0x2)),
    FRINT(HWCAP2, 8, "frint", IN_FP_SIMD, field(ISAR1, "FRINTTS", 32, 0x1), "frintts"),
    SVEI8MM(HWCAP2, 9, "svei8mm", IN_SVE, field(ZFR0, "I8MM", 44, 0x1), "sve_i8mm"),
    SVEF32MM(HWCAP2, 10, "svef32mm", IN_SVE, field(ZFR0, "F32MM", 52, 0x1), "f32mm", "sve_f32mm"),
    SVEF64MM(HWCAP2, 11, "svef64mm", IN_SVE, field(ZFR0, "F64MM", 56, 0x1), "f64mm", "sve_f64mm"),
    SVEBF16(HWCAP2, 12, "svebf16", IN_SVE, field(ZFR0, "BF16", 20, 0x1), "sve_bf16"),
    I8MM(HWCAP2, 13, "i8mm", IN_FP_SIMD, field(ISAR1, "I8MM", 52, 0x1)),
    BF16(HWCAP2, 14, "bf16", IN_FP_SIMD, field(ISAR1, "BF16", 44, 0x1)),
    DGH(HWCAP2, 15, "dgh", IN_SYSTEM, field(ISAR1, "DGH", 48, 0x1)),
    RNG(HWCAP2, 16, "rng", IN_CRYPTO, field(ISAR0, "RNDR", 60, 0x1), "rndr", "rand"),
    BTI(HWCAP2, 17, "bti", IN_SECURITY, field(PFR1, "BT", 0, 0x1)),
    MTE(HWCAP2, 18, "mte", IN_SECURITY, field(PFR1, "MTE", 8, 0x2), "mte2", "memtag"),
    ECV(HWCAP2, 19, "ecv", IN_SYSTEM, field(MMFR0, "ECV", 60, 0x1)),
    AFP(HWCAP2, 20, "afp", IN_FP_SIMD, field(MMFR1, "AFP", 44, 0x1)),
    RPRES(HWCAP2, 21, "rpres", IN_FP_SIMD, field(ISAR2, "RPRES", 4, 0x1)),
    MTE3(HWCAP2, 22, "mte3", IN_SECURITY, field(PFR1, "MTE", 8, 0x3)),
    SME(HWCAP2, 23, "sme", IN_SME, field(PFR1, "SME", 24, 0x1)),
    SME_I16I64(HWCAP2, 24, "smei16i64", IN_SME, field(SMFR0, "I16I64", 52, 0xf), "sme_i16i64"),
    SME_F64F64(HWCAP2, 25, "smef64f64", IN_SME, oneBit(SMFR0, "F64F64", 48, 0x1), "sme_f64f64"),
    SME_I8I32(HWCAP2, 26, "smei8i32", IN_SME, field(SMFR0, "I8I32", 36, 0xf), "sme_i8i32"),
    SME_F16F32(HWCAP2, 27, "smef16f32", IN_SME, oneBit(SMFR0, "F16F32", 35, 0x1), "sme_f16f32"),
    SME_B16F32(HWCAP2, 28, "smeb16f32", IN_SME, oneBit(SMFR0, "B16F32", 34, 0x1), "sme_b16f32"),
    SME_F32F32(HWCAP2, 29, "smef32f32", IN_SME, oneBit(SMFR0, "F32F32", 32, 0x1), "sme_f32f32"),
    SME_FA64(HWCAP2, 30, "smefa64", IN_SME, oneBit(SMFR0, "FA64", 63, 0x1), "sme_fa64"),
    WFXT(HWCAP2, 31, "wfxt", IN_SYSTEM, field(ISAR2, "WFxT", 0, 0x2)),
    EBF16(HWCAP2, 32, "ebf16", IN_FP_SIMD, field(ISAR1, "BF16", 44, 0x2)),
    SVE_EBF16(HWCAP2, 33, "sveebf16", IN_SVE, field(ZFR0, "BF16", 20, 0x2), "sve_ebf16"),
    CSSC(HWCAP2, 34, "cssc", IN_INTEGER, field(ISAR2, "CSSC", 52, 0x1)),
    RPRFM(HWCAP2, 35, "rprfm", IN_MEMORY, field(ISAR2, "RPRFM", 48, 0x1)),
    SVE2P1(HWCAP2, 36, "sve2p1", IN_SVE, field(ZFR0, "SVEver", 0, 0x2)),
    SME2(HWCAP2, 37, "sme2", IN_SME, field(SMFR0, "SMEver", 56, 0x1)),
    SME2P1(HWCAP2, 38, "sme2p1", IN_SME, field(SMFR0, "SMEver", 56, 0x2)),
    SME_I16I32(HWCAP2, 39, "smei16i32", IN_SME, field(SMFR0, "I16I32", 44, 0x5), "sme_i16i32"),
    SME_BI32I32(HWCAP2, 40, "smebi32i32", IN_SME, oneBit(SMFR0, "BI32I32", 33, 0x1), "sme_bi32i32"),
    SME_B16B16(HWCAP2, 41, "smeb16b16", IN_SME, oneBit(SMFR0, "B16B16", 43, 0x1), "sme_b16b16"),
    SME_F16F16(HWCAP2, 42, "smef16f16", IN_SME, oneBit(SMFR0, "F16F16", 42, 0x1), "sme_f16f16"),
    MOPS(HWCAP2, 43, "mops", IN_MEMORY, field(ISAR2, "MOPS", 16, 0x1)),
    HBC(HWCAP2, 44, "hbc", IN_INTEGER, field(ISAR2, "BC", 20, 0x1)),
    SVE_B16B16(HWCAP2, 45, "sveb16b16", IN_SVE, field(ZFR0, "B16B16", 24, 0x1), "sve_b16b16"),
    LRCPC3(HWCAP2, 46, "lrcpc3", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x3), "rcpc3"),
    LSE128(HWCAP2, 47, "lse128", IN_ATOMICS, field(ISAR0, "ATOMIC", 20, 0x3)),
    FPMR(HWCAP2, 48, "fpmr", IN_FP8, field(PFR2, "FPMR", 32, 0x1)),
    LUT(HWCAP2, 49, "lut", IN_FP_SIMD, field(ISAR2, "LUT", 56, 0x1)),
    FAMINMAX(HWCAP2, 50, "faminmax", IN_FP_SIMD, field(ISAR3, "FAMINMAX", 4, 0x1)),
    F8CVT(HWCAP2, 51, "f8cvt", IN_FP8, oneBit(FPFR0, "F8CVT", 31, 0x1)),
    F8FMA(HWCAP2, 52, "f8fma", IN_FP8, oneBit(FPFR0, "F8FMA", 30, 0x1)),
    F8DP4(HWCAP2, 53, "f8dp4", IN_FP8, oneBit(FPFR0, "F8DP4", 29, 0x1)),
    F8DP2(HWCAP2, 54, "f8dp2", IN_FP8, oneBit(FPFR0, "F8DP2", 28, 0x1)),
    F8E4M3(HWCAP2, 55, "f8e4m3", IN_FP8, oneBit(FPFR0, "F8E4M3", 1, 0x1)),
    F8E5M2(HWCAP2, 56, "f8e5m2", IN_FP8, oneBit(FPFR0, "F8E5M2", 0, 0x1)),
    SME_LUTV2(HWCAP2, 57, "smelutv2", IN_SME, oneBit(SMFR0, "LUTv2", 60, 0x1), "sme_lutv2"),
    SME_F8F16(HWCAP2, 58, "smef8f16", IN_SME, oneBit(SMFR0, "F8F16", 41, 0x1), "sme_f8f16"),
    SME_F8F32(HWCAP2, 59, "smef8f32", IN_SME, oneBit(SMFR0, "F8F32", 40, 0x1), "sme_f8f32"),
    SME_SF8FMA(HWCAP2, 60, "smesf8fma", IN_SME, oneBit(SMFR0, "SF8FMA", 30, 0x1), "ssve_fp8fma"),
    SME_SF8DP4(HWCAP2, 61, "smesf8dp4", IN_SME, oneBit(SMFR0, "SF8DP4", 29, 0x1), "ssve_fp8dot4"),
    SME_SF8DP2(HWCAP2, 62, "smesf8dp2", IN_SME, oneBit(SMFR0, "SF8DP2", 28, 0x1), "ssve_fp8dot2"),
    POE(HWCAP2, 63, "poe", IN_SECURITY, field(MMFR3, "S1POE", 16, 0x1)),

    // AT_HWCAP3
    MTE_FAR(HWCAP3, 0, "mtefar", IN_SECURITY, field(PFR2, "MTEFAR", 8, 0x1), "mte_far"),
    MTE_STORE_ONLY(HWCAP3, 1, "mtestoreonly", IN_SECURITY, field(PFR2, "MTESTOREONLY", 4, 0x1), "mte_store_only"),
    LSFE(HWCAP3, 2, "lsfe", IN_ATOMICS, field(ISAR3, "LSFE", 16, 0x1)),
    LS64(HWCAP3, 3, "ls64", IN_ATOMICS, field(ISAR1, "LS64", 60, 0x1));

    private final HwcapWord word;
    private final int bit;
    private final String canonicalName;
    private final FeatureFamily family;
    private final IdRule idRule;
    private final List<String> aliases;

    AArch64Feature(HwcapWord word, int bit, String canonicalName, FeatureFamily family, IdRule idRule, String... aliases) {
        this.word = word;
        this.bit = bit;
        this.canonicalName = canonicalName;
        this.family = family;
        this.idRule = idRule;
        this.aliases = List.of(aliases);
    }

    /** The auxiliary-vector word of its hwcap. */
    public HwcapWord word() {
        return word;
    }

    /** Its bit in {@link #word()}. */
    public int bit() {
        return bit;
    }

    /** The kernel's macro for its bit ({@code HWCAP2_SVE2}). */
    public String macro() {
        return word.macroPrefix() + name();
    }

    /** {@code HWCAP2_SVE2 (AT_HWCAP2 bit 1)}. */
    public String hwcapName() {
        return macro() + " (" + word.auxvName() + " bit " + bit + ")";
    }

    /** The {@code /proc/cpuinfo} name, lower case. */
    public String canonicalName() {
        return canonicalName;
    }

    /** The family a report lists it under. */
    public FeatureFamily family() {
        return family;
    }

    /** The ID-register fields that mean the CPU has it; {@link IdRule#kernelOnly()} for cpuid and evtstrm. */
    public IdRule idRule() {
        return idRule;
    }

    /** The other spellings accepted for it. */
    public List<String> aliases() {
        return aliases;
    }

    @Override
    public String toString() {
        return canonicalName;
    }
}
