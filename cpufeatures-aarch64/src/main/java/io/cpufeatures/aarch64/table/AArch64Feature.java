package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.HwcapWord;

import static io.cpufeatures.aarch64.HwcapWord.HWCAP;
import static io.cpufeatures.aarch64.HwcapWord.HWCAP2;
import static io.cpufeatures.aarch64.HwcapWord.HWCAP3;
import static io.cpufeatures.aarch64.table.TableTerms.FPFR0;
import static io.cpufeatures.aarch64.table.TableTerms.IN_ATOMICS;
import static io.cpufeatures.aarch64.table.TableTerms.IN_CRYPTO;
import static io.cpufeatures.aarch64.table.TableTerms.IN_FP8;
import static io.cpufeatures.aarch64.table.TableTerms.IN_FP_SIMD;
import static io.cpufeatures.aarch64.table.TableTerms.IN_INTEGER;
import static io.cpufeatures.aarch64.table.TableTerms.IN_MEMORY;
import static io.cpufeatures.aarch64.table.TableTerms.IN_SECURITY;
import static io.cpufeatures.aarch64.table.TableTerms.IN_SME;
import static io.cpufeatures.aarch64.table.TableTerms.IN_SVE;
import static io.cpufeatures.aarch64.table.TableTerms.IN_SYSTEM;
import static io.cpufeatures.aarch64.table.TableTerms.ISAR0;
import static io.cpufeatures.aarch64.table.TableTerms.ISAR1;
import static io.cpufeatures.aarch64.table.TableTerms.ISAR2;
import static io.cpufeatures.aarch64.table.TableTerms.ISAR3;
import static io.cpufeatures.aarch64.table.TableTerms.KERNEL_ONLY;
import static io.cpufeatures.aarch64.table.TableTerms.MMFR0;
import static io.cpufeatures.aarch64.table.TableTerms.MMFR1;
import static io.cpufeatures.aarch64.table.TableTerms.MMFR2;
import static io.cpufeatures.aarch64.table.TableTerms.MMFR3;
import static io.cpufeatures.aarch64.table.TableTerms.PFR0;
import static io.cpufeatures.aarch64.table.TableTerms.PFR1;
import static io.cpufeatures.aarch64.table.TableTerms.PFR2;
import static io.cpufeatures.aarch64.table.TableTerms.SMFR0;
import static io.cpufeatures.aarch64.table.TableTerms.ZFR0;
import static io.cpufeatures.aarch64.table.TableTerms.anyOf;
import static io.cpufeatures.aarch64.table.TableTerms.field;
import static io.cpufeatures.aarch64.table.TableTerms.oneBit;
import static io.cpufeatures.aarch64.table.TableTerms.signed;

import io.cpufeatures.core.kit.FeatureNames;
import io.cpufeatures.core.kit.FeatureRow;

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
 * means something else on another architecture, so one index serves them all.
 */
public enum AArch64Feature implements FeatureRow {
    // AT_HWCAP
    /** Floating point (FEAT_FP): HWCAP_FP, ID_AA64PFR0_EL1.FP at least 0 (signed). */
    FP(HWCAP, 0, "fp", IN_FP_SIMD, signed(PFR0, "FP", 16, 0x0)),
    /** Advanced SIMD (FEAT_AdvSIMD): HWCAP_ASIMD, ID_AA64PFR0_EL1.AdvSIMD at least 0 (signed). */
    ASIMD(HWCAP, 1, "asimd", IN_FP_SIMD, signed(PFR0, "AdvSIMD", 20, 0x0), "neon", "advsimd", "simd"),
    /**
     * The generic timer's event stream: the arch timer driver configures it to generate events at about 10 kHz,
     * waking WFE (no FEAT_ and no ID-register field; kernel only): HWCAP_EVTSTRM.
     */
    EVTSTRM(HWCAP, 2, "evtstrm", IN_SYSTEM, KERNEL_ONLY),
    /** AES instructions, AESE/AESD/AESMC/AESIMC (FEAT_AES): HWCAP_AES, ID_AA64ISAR0_EL1.AES at least 1. */
    AES(HWCAP, 3, "aes", IN_CRYPTO, field(ISAR0, "AES", 4, 0x1)),
    /** 64-bit polynomial multiply long, PMULL/PMULL2 (FEAT_PMULL): HWCAP_PMULL, ID_AA64ISAR0_EL1.AES at least 2. */
    PMULL(HWCAP, 4, "pmull", IN_CRYPTO, field(ISAR0, "AES", 4, 0x2)),
    /** SHA-1 instructions (FEAT_SHA1): HWCAP_SHA1, ID_AA64ISAR0_EL1.SHA1 at least 1. */
    SHA1(HWCAP, 5, "sha1", IN_CRYPTO, field(ISAR0, "SHA1", 8, 0x1)),
    /** SHA-256 instructions (FEAT_SHA256): HWCAP_SHA2, ID_AA64ISAR0_EL1.SHA2 at least 1. */
    SHA2(HWCAP, 6, "sha2", IN_CRYPTO, field(ISAR0, "SHA2", 12, 0x1), "sha256"),
    /** CRC32 and CRC32C instructions (FEAT_CRC32): HWCAP_CRC32, ID_AA64ISAR0_EL1.CRC32 at least 1. */
    CRC32(HWCAP, 7, "crc32", IN_INTEGER, field(ISAR0, "CRC32", 16, 0x1), "crc"),
    /**
     * Large System Extensions: CAS, SWP, LDADD and the other atomic memory operations (FEAT_LSE): HWCAP_ATOMICS,
     * ID_AA64ISAR0_EL1.ATOMIC at least 2.
     */
    ATOMICS(HWCAP, 8, "atomics", IN_ATOMICS, field(ISAR0, "ATOMIC", 20, 0x2), "lse"),
    /**
     * Half-precision floating-point data processing (FEAT_FP16): HWCAP_FPHP, ID_AA64PFR0_EL1.FP at least 1 (signed).
     */
    FPHP(HWCAP, 9, "fphp", IN_FP_SIMD, signed(PFR0, "FP", 16, 0x1), "fp16"),
    /**
     * Advanced SIMD half-precision arithmetic (FEAT_FP16): HWCAP_ASIMDHP, ID_AA64PFR0_EL1.AdvSIMD at least 1 (signed).
     */
    ASIMDHP(HWCAP, 10, "asimdhp", IN_FP_SIMD, signed(PFR0, "AdvSIMD", 20, 0x1)),
    /**
     * EL0 reads of the ID registers with MRS, which the kernel traps and emulates
     * ({@code Documentation/arch/arm64/cpu-feature-registers.rst}; no ID-register field): HWCAP_CPUID.
     */
    CPUID(HWCAP, 11, "cpuid", IN_SYSTEM, KERNEL_ONLY),
    /**
     * Rounding double multiply accumulate, SQRDMLAH/SQRDMLSH (FEAT_RDM): HWCAP_ASIMDRDM,
     * ID_AA64ISAR0_EL1.RDM at least 1.
     */
    ASIMDRDM(HWCAP, 12, "asimdrdm", IN_FP_SIMD, field(ISAR0, "RDM", 28, 0x1), "rdm", "rdma"),
    /** JavaScript conversion, FJCVTZS (FEAT_JSCVT): HWCAP_JSCVT, ID_AA64ISAR1_EL1.JSCVT at least 1. */
    JSCVT(HWCAP, 13, "jscvt", IN_FP_SIMD, field(ISAR1, "JSCVT", 12, 0x1), "jsconv"),
    /** Complex number multiply-add and add, FCMLA/FCADD (FEAT_FCMA): HWCAP_FCMA, ID_AA64ISAR1_EL1.FCMA at least 1. */
    FCMA(HWCAP, 14, "fcma", IN_FP_SIMD, field(ISAR1, "FCMA", 16, 0x1)),
    /** Load-acquire RCpc, LDAPR (FEAT_LRCPC): HWCAP_LRCPC, ID_AA64ISAR1_EL1.LRCPC at least 1. */
    LRCPC(HWCAP, 15, "lrcpc", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x1), "rcpc"),
    /**
     * Data cache clean to the point of persistence, DC CVAP (FEAT_DPB): HWCAP_DCPOP, ID_AA64ISAR1_EL1.DPB at least 1.
     */
    DCPOP(HWCAP, 16, "dcpop", IN_MEMORY, field(ISAR1, "DPB", 0, 0x1), "dpb"),
    /** SHA-3 instructions, EOR3/RAX1/XAR/BCAX (FEAT_SHA3): HWCAP_SHA3, ID_AA64ISAR0_EL1.SHA3 at least 1. */
    SHA3(HWCAP, 17, "sha3", IN_CRYPTO, field(ISAR0, "SHA3", 32, 0x1)),
    /** SM3 hash instructions (FEAT_SM3): HWCAP_SM3, ID_AA64ISAR0_EL1.SM3 at least 1. */
    SM3(HWCAP, 18, "sm3", IN_CRYPTO, field(ISAR0, "SM3", 36, 0x1)),
    /** SM4 cipher instructions (FEAT_SM4): HWCAP_SM4, ID_AA64ISAR0_EL1.SM4 at least 1. */
    SM4(HWCAP, 19, "sm4", IN_CRYPTO, field(ISAR0, "SM4", 40, 0x1)),
    /** Advanced SIMD Int8 dot product, SDOT/UDOT (FEAT_DotProd): HWCAP_ASIMDDP, ID_AA64ISAR0_EL1.DP at least 1. */
    ASIMDDP(HWCAP, 20, "asimddp", IN_FP_SIMD, field(ISAR0, "DP", 44, 0x1), "dotprod"),
    /** SHA-512 instructions (FEAT_SHA512): HWCAP_SHA512, ID_AA64ISAR0_EL1.SHA2 at least 2. */
    SHA512(HWCAP, 21, "sha512", IN_CRYPTO, field(ISAR0, "SHA2", 12, 0x2)),
    /** Scalable Vector Extension (FEAT_SVE): HWCAP_SVE, ID_AA64PFR0_EL1.SVE at least 1. */
    SVE(HWCAP, 22, "sve", IN_SVE, field(PFR0, "SVE", 32, 0x1)),
    /**
     * Half-precision multiply-add long to single precision, FMLAL/FMLSL (FEAT_FHM): HWCAP_ASIMDFHM,
     * ID_AA64ISAR0_EL1.FHM at least 1.
     */
    ASIMDFHM(HWCAP, 23, "asimdfhm", IN_FP_SIMD, field(ISAR0, "FHM", 48, 0x1), "fhm", "fp16fml"),
    /** Data Independent Timing (FEAT_DIT): HWCAP_DIT, ID_AA64PFR0_EL1.DIT at least 1. */
    DIT(HWCAP, 24, "dit", IN_SECURITY, field(PFR0, "DIT", 48, 0x1)),
    /**
     * Large System Extensions v2: unaligned single-copy atomicity within 16 bytes (FEAT_LSE2): HWCAP_USCAT,
     * ID_AA64MMFR2_EL1.AT at least 1.
     */
    USCAT(HWCAP, 25, "uscat", IN_ATOMICS, field(MMFR2, "AT", 32, 0x1), "lse2"),
    /**
     * Load-acquire RCpc with immediate offsets, LDAPUR/STLUR (FEAT_LRCPC2): HWCAP_ILRCPC,
     * ID_AA64ISAR1_EL1.LRCPC at least 2.
     */
    ILRCPC(HWCAP, 26, "ilrcpc", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x2), "rcpc2"),
    /** Condition flag manipulation, CFINV/RMIF/SETF (FEAT_FlagM): HWCAP_FLAGM, ID_AA64ISAR0_EL1.TS at least 1. */
    FLAGM(HWCAP, 27, "flagm", IN_INTEGER, field(ISAR0, "TS", 52, 0x1)),
    /**
     * Speculative Store Bypass Safe, with MRS/MSR of PSTATE.SSBS at EL0 (FEAT_SSBS2): HWCAP_SSBS,
     * ID_AA64PFR1_EL1.SSBS at least 2.
     */
    SSBS(HWCAP, 28, "ssbs", IN_SECURITY, field(PFR1, "SSBS", 4, 0x2)),
    /** Speculation barrier, SB (FEAT_SB): HWCAP_SB, ID_AA64ISAR1_EL1.SB at least 1. */
    SB(HWCAP, 29, "sb", IN_SECURITY, field(ISAR1, "SB", 36, 0x1)),
    /**
     * Pointer authentication of addresses, QARMA5, QARMA3 or IMPLEMENTATION DEFINED (FEAT_PAuth): HWCAP_PACA,
     * ID_AA64ISAR1_EL1.APA at least 1, ID_AA64ISAR2_EL1.APA3 at least 1 or ID_AA64ISAR1_EL1.API at least 1.
     */
    PACA(HWCAP, 30, "paca", IN_SECURITY, anyOf(field(ISAR1, "APA", 4, 0x1), field(ISAR2, "APA3", 12, 0x1), field(ISAR1, "API", 8, 0x1)), "pauth"),
    /**
     * Pointer authentication of generic data, PACGA, QARMA5, QARMA3 or IMPLEMENTATION DEFINED (FEAT_PAuth): HWCAP_PACG,
     * ID_AA64ISAR1_EL1.GPA at least 1, ID_AA64ISAR2_EL1.GPA3 at least 1 or ID_AA64ISAR1_EL1.GPI at least 1.
     */
    PACG(HWCAP, 31, "pacg", IN_SECURITY, anyOf(field(ISAR1, "GPA", 24, 0x1), field(ISAR2, "GPA3", 8, 0x1), field(ISAR1, "GPI", 28, 0x1))),
    /** Guarded Control Stack (FEAT_GCS): HWCAP_GCS, ID_AA64PFR1_EL1.GCS at least 1. */
    GCS(HWCAP, 32, "gcs", IN_SECURITY, field(PFR1, "GCS", 44, 0x1)),
    /**
     * Compare and branch in one instruction, CBEQ/CBGT... (FEAT_CMPBR): HWCAP_CMPBR, ID_AA64ISAR2_EL1.CSSC at least 2.
     */
    CMPBR(HWCAP, 33, "cmpbr", IN_INTEGER, field(ISAR2, "CSSC", 52, 0x2)),
    /**
     * Conversions between floating point and integers of another size held in SIMD and FP registers (FEAT_FPRCVT):
     * HWCAP_FPRCVT, ID_AA64ISAR3_EL1.FPRCVT at least 1.
     */
    FPRCVT(HWCAP, 34, "fprcvt", IN_FP_SIMD, field(ISAR3, "FPRCVT", 28, 0x1)),
    /**
     * FP8 to single-precision matrix multiply, FMMLA 8-way (FEAT_F8F32MM): HWCAP_F8MM8,
     * ID_AA64FPFR0_EL1.F8MM8 at least 1.
     */
    F8MM8(HWCAP, 35, "f8mm8", IN_FP8, oneBit(FPFR0, "F8MM8", 27, 0x1)),
    /**
     * FP8 to half-precision matrix multiply, FMMLA 4-way (FEAT_F8F16MM): HWCAP_F8MM4,
     * ID_AA64FPFR0_EL1.F8MM4 at least 1.
     */
    F8MM4(HWCAP, 36, "f8mm4", IN_FP8, oneBit(FPFR0, "F8MM4", 26, 0x1)),
    /**
     * SVE half-precision to single-precision matrix multiply, FMMLA (FEAT_SVE_F16F32MM): HWCAP_SVE_F16MM,
     * ID_AA64ZFR0_EL1.F16MM at least 1.
     */
    SVE_F16MM(HWCAP, 37, "svef16mm", IN_SVE, field(ZFR0, "F16MM", 48, 0x1), "sve_f16mm"),
    /**
     * SVE2.2 element permutes outside streaming mode, byte and halfword COMPACT and EXPAND (with FEAT_SVE2p2):
     * HWCAP_SVE_ELTPERM, ID_AA64ZFR0_EL1.EltPerm at least 1.
     */
    SVE_ELTPERM(HWCAP, 38, "sveeltperm", IN_SVE, field(ZFR0, "EltPerm", 12, 0x1), "sve_eltperm"),
    /**
     * SVE multi-vector AES and 128-bit polynomial multiply long (FEAT_SVE_AES2): HWCAP_SVE_AES2,
     * ID_AA64ZFR0_EL1.AES at least 3.
     */
    SVE_AES2(HWCAP, 39, "sveaes2", IN_SVE, field(ZFR0, "AES", 4, 0x3), "sve_aes2"),
    /**
     * SVE BFloat16 adjust exponent, BFSCALE (FEAT_SVE_BFSCALE): HWCAP_SVE_BFSCALE, ID_AA64ZFR0_EL1.B16B16 at least 2.
     */
    SVE_BFSCALE(HWCAP, 40, "svebfscale", IN_SVE, field(ZFR0, "B16B16", 24, 0x2), "sve_bfscale"),
    /** Scalable Vector Extension version 2.2 (FEAT_SVE2p2): HWCAP_SVE2P2, ID_AA64ZFR0_EL1.SVEver at least 3. */
    SVE2P2(HWCAP, 41, "sve2p2", IN_SVE, field(ZFR0, "SVEver", 0, 0x3)),
    /** Scalable Matrix Extension version 2.2 (FEAT_SME2p2): HWCAP_SME2P2, ID_AA64SMFR0_EL1.SMEver at least 3. */
    SME2P2(HWCAP, 42, "sme2p2", IN_SME, field(SMFR0, "SMEver", 56, 0x3)),
    /**
     * SVE bit permutes in streaming mode (FEAT_SSVE_BitPerm): HWCAP_SME_SBITPERM, ID_AA64SMFR0_EL1.SBitPerm at least 1.
     */
    SME_SBITPERM(HWCAP, 43, "smesbitperm", IN_SME, oneBit(SMFR0, "SBitPerm", 25, 0x1), "sme_sbitperm"),
    /**
     * SVE AES and 128-bit polynomial multiply long in streaming mode (FEAT_SSVE_AES): HWCAP_SME_AES,
     * ID_AA64SMFR0_EL1.AES at least 1.
     */
    SME_AES(HWCAP, 44, "smeaes", IN_SME, oneBit(SMFR0, "AES", 24, 0x1), "sme_aes"),
    /** SVE FEXPA in streaming mode (FEAT_SSVE_FEXPA): HWCAP_SME_SFEXPA, ID_AA64SMFR0_EL1.SFEXPA at least 1. */
    SME_SFEXPA(HWCAP, 45, "smesfexpa", IN_SME, oneBit(SMFR0, "SFEXPA", 23, 0x1), "sme_sfexpa"),
    /**
     * SME structured sparsity outer products, FTMOPA/BFTMOPA/STMOPA... (FEAT_SME_TMOP): HWCAP_SME_STMOP,
     * ID_AA64SMFR0_EL1.STMOP at least 1.
     */
    SME_STMOP(HWCAP, 46, "smestmop", IN_SME, oneBit(SMFR0, "STMOP", 16, 0x1), "sme_stmop"),
    /**
     * SME quarter-tile outer products, FMOP4A/SMOP4A... (FEAT_SME_MOP4): HWCAP_SME_SMOP4,
     * ID_AA64SMFR0_EL1.SMOP4 at least 1.
     */
    SME_SMOP4(HWCAP, 47, "smesmop4", IN_SME, oneBit(SMFR0, "SMOP4", 0, 0x1), "sme_smop4"),

    // AT_HWCAP2
    /**
     * Data cache clean to the point of deep persistence, DC CVADP (FEAT_DPB2): HWCAP2_DCPODP,
     * ID_AA64ISAR1_EL1.DPB at least 2.
     */
    DCPODP(HWCAP2, 0, "dcpodp", IN_MEMORY, field(ISAR1, "DPB", 0, 0x2), "dpb2"),
    /** Scalable Vector Extension version 2 (FEAT_SVE2): HWCAP2_SVE2, ID_AA64ZFR0_EL1.SVEver at least 1. */
    SVE2(HWCAP2, 1, "sve2", IN_SVE, field(ZFR0, "SVEver", 0, 0x1)),
    /** SVE AES instructions (FEAT_SVE_AES): HWCAP2_SVEAES, ID_AA64ZFR0_EL1.AES at least 1. */
    SVEAES(HWCAP2, 2, "sveaes", IN_SVE, field(ZFR0, "AES", 4, 0x1), "sve2_aes", "sve_aes"),
    /**
     * SVE 128-bit polynomial multiply long, PMULLB/PMULLT .Q (FEAT_SVE_PMULL128): HWCAP2_SVEPMULL,
     * ID_AA64ZFR0_EL1.AES at least 2.
     */
    SVEPMULL(HWCAP2, 3, "svepmull", IN_SVE, field(ZFR0, "AES", 4, 0x2), "sve2_pmull128", "sve_pmull128"),
    /** SVE bit permutes, BDEP/BEXT/BGRP (FEAT_SVE_BitPerm): HWCAP2_SVEBITPERM, ID_AA64ZFR0_EL1.BitPerm at least 1. */
    SVEBITPERM(HWCAP2, 4, "svebitperm", IN_SVE, field(ZFR0, "BitPerm", 16, 0x1), "sve2_bitperm", "sve_bitperm"),
    /** SVE SHA-3 instructions, RAX1 (FEAT_SVE_SHA3): HWCAP2_SVESHA3, ID_AA64ZFR0_EL1.SHA3 at least 1. */
    SVESHA3(HWCAP2, 5, "svesha3", IN_SVE, field(ZFR0, "SHA3", 32, 0x1), "sve2_sha3", "sve_sha3"),
    /** SVE SM4 instructions (FEAT_SVE_SM4): HWCAP2_SVESM4, ID_AA64ZFR0_EL1.SM4 at least 1. */
    SVESM4(HWCAP2, 6, "svesm4", IN_SVE, field(ZFR0, "SM4", 40, 0x1), "sve2_sm4", "sve_sm4"),
    /**
     * Condition flag manipulation version 2, AXFLAG/XAFLAG (FEAT_FlagM2): HWCAP2_FLAGM2,
     * ID_AA64ISAR0_EL1.TS at least 2.
     */
    FLAGM2(HWCAP2, 7, "flagm2", IN_INTEGER, field(ISAR0, "TS", 52, 0x2)),
    /**
     * Round to 32-bit or 64-bit integral value, FRINT32Z/FRINT64X... (FEAT_FRINTTS): HWCAP2_FRINT,
     * ID_AA64ISAR1_EL1.FRINTTS at least 1.
     */
    FRINT(HWCAP2, 8, "frint", IN_FP_SIMD, field(ISAR1, "FRINTTS", 32, 0x1), "frintts"),
    /** SVE Int8 matrix multiply (FEAT_I8MM): HWCAP2_SVEI8MM, ID_AA64ZFR0_EL1.I8MM at least 1. */
    SVEI8MM(HWCAP2, 9, "svei8mm", IN_SVE, field(ZFR0, "I8MM", 44, 0x1), "sve_i8mm"),
    /** SVE single-precision matrix multiply, FMMLA (FEAT_F32MM): HWCAP2_SVEF32MM, ID_AA64ZFR0_EL1.F32MM at least 1. */
    SVEF32MM(HWCAP2, 10, "svef32mm", IN_SVE, field(ZFR0, "F32MM", 52, 0x1), "f32mm", "sve_f32mm"),
    /**
     * SVE double-precision matrix multiply, FMMLA, and 128-bit element loads and permutes (FEAT_F64MM):
     * HWCAP2_SVEF64MM, ID_AA64ZFR0_EL1.F64MM at least 1.
     */
    SVEF64MM(HWCAP2, 11, "svef64mm", IN_SVE, field(ZFR0, "F64MM", 56, 0x1), "f64mm", "sve_f64mm"),
    /** SVE BFloat16 instructions (FEAT_BF16): HWCAP2_SVEBF16, ID_AA64ZFR0_EL1.BF16 at least 1. */
    SVEBF16(HWCAP2, 12, "svebf16", IN_SVE, field(ZFR0, "BF16", 20, 0x1), "sve_bf16"),
    /**
     * Advanced SIMD Int8 matrix multiply, SMMLA/UMMLA/USMMLA (FEAT_I8MM): HWCAP2_I8MM,
     * ID_AA64ISAR1_EL1.I8MM at least 1.
     */
    I8MM(HWCAP2, 13, "i8mm", IN_FP_SIMD, field(ISAR1, "I8MM", 52, 0x1)),
    /** BFloat16 instructions, BFDOT/BFMMLA/BFCVT... (FEAT_BF16): HWCAP2_BF16, ID_AA64ISAR1_EL1.BF16 at least 1. */
    BF16(HWCAP2, 14, "bf16", IN_FP_SIMD, field(ISAR1, "BF16", 44, 0x1)),
    /** Data Gathering Hint, DGH (FEAT_DGH): HWCAP2_DGH, ID_AA64ISAR1_EL1.DGH at least 1. */
    DGH(HWCAP2, 15, "dgh", IN_SYSTEM, field(ISAR1, "DGH", 48, 0x1)),
    /** Random number generator, RNDR/RNDRRS (FEAT_RNG): HWCAP2_RNG, ID_AA64ISAR0_EL1.RNDR at least 1. */
    RNG(HWCAP2, 16, "rng", IN_CRYPTO, field(ISAR0, "RNDR", 60, 0x1), "rndr", "rand"),
    /** Branch Target Identification (FEAT_BTI): HWCAP2_BTI, ID_AA64PFR1_EL1.BT at least 1. */
    BTI(HWCAP2, 17, "bti", IN_SECURITY, field(PFR1, "BT", 0, 0x1)),
    /** Memory Tagging Extension with tag checking (FEAT_MTE2): HWCAP2_MTE, ID_AA64PFR1_EL1.MTE at least 2. */
    MTE(HWCAP2, 18, "mte", IN_SECURITY, field(PFR1, "MTE", 8, 0x2), "mte2", "memtag"),
    /**
     * Enhanced Counter Virtualization: self-synchronised counter reads, CNTVCTSS_EL0 (FEAT_ECV): HWCAP2_ECV,
     * ID_AA64MMFR0_EL1.ECV at least 1.
     */
    ECV(HWCAP2, 19, "ecv", IN_SYSTEM, field(MMFR0, "ECV", 60, 0x1)),
    /**
     * Alternate floating-point behaviour, FPCR.{AH, FIZ, NEP} (FEAT_AFP): HWCAP2_AFP, ID_AA64MMFR1_EL1.AFP at least 1.
     */
    AFP(HWCAP2, 20, "afp", IN_FP_SIMD, field(MMFR1, "AFP", 44, 0x1)),
    /**
     * Increased precision of FRECPE and FRSQRTE with FPCR.AH (FEAT_RPRES): HWCAP2_RPRES,
     * ID_AA64ISAR2_EL1.RPRES at least 1.
     */
    RPRES(HWCAP2, 21, "rpres", IN_FP_SIMD, field(ISAR2, "RPRES", 4, 0x1)),
    /** MTE asymmetric tag-check fault handling (FEAT_MTE3): HWCAP2_MTE3, ID_AA64PFR1_EL1.MTE at least 3. */
    MTE3(HWCAP2, 22, "mte3", IN_SECURITY, field(PFR1, "MTE", 8, 0x3)),
    /** Scalable Matrix Extension (FEAT_SME): HWCAP2_SME, ID_AA64PFR1_EL1.SME at least 1. */
    SME(HWCAP2, 23, "sme", IN_SME, field(PFR1, "SME", 24, 0x1)),
    /**
     * SME 16-bit integer outer products into 64-bit tiles (FEAT_SME_I16I64): HWCAP2_SME_I16I64,
     * ID_AA64SMFR0_EL1.I16I64 at least 0xF.
     */
    SME_I16I64(HWCAP2, 24, "smei16i64", IN_SME, field(SMFR0, "I16I64", 52, 0xf), "sme_i16i64"),
    /**
     * SME double-precision outer products into double-precision tiles (FEAT_SME_F64F64): HWCAP2_SME_F64F64,
     * ID_AA64SMFR0_EL1.F64F64 at least 1.
     */
    SME_F64F64(HWCAP2, 25, "smef64f64", IN_SME, oneBit(SMFR0, "F64F64", 48, 0x1), "sme_f64f64"),
    /**
     * SME 8-bit integer outer products into 32-bit tiles (part of FEAT_SME): HWCAP2_SME_I8I32,
     * ID_AA64SMFR0_EL1.I8I32 at least 0xF.
     */
    SME_I8I32(HWCAP2, 26, "smei8i32", IN_SME, field(SMFR0, "I8I32", 36, 0xf), "sme_i8i32"),
    /**
     * SME half-precision outer products into single-precision tiles (part of FEAT_SME): HWCAP2_SME_F16F32,
     * ID_AA64SMFR0_EL1.F16F32 at least 1.
     */
    SME_F16F32(HWCAP2, 27, "smef16f32", IN_SME, oneBit(SMFR0, "F16F32", 35, 0x1), "sme_f16f32"),
    /**
     * SME BFloat16 outer products into single-precision tiles (part of FEAT_SME): HWCAP2_SME_B16F32,
     * ID_AA64SMFR0_EL1.B16F32 at least 1.
     */
    SME_B16F32(HWCAP2, 28, "smeb16f32", IN_SME, oneBit(SMFR0, "B16F32", 34, 0x1), "sme_b16f32"),
    /**
     * SME single-precision outer products into single-precision tiles (part of FEAT_SME): HWCAP2_SME_F32F32,
     * ID_AA64SMFR0_EL1.F32F32 at least 1.
     */
    SME_F32F32(HWCAP2, 29, "smef32f32", IN_SME, oneBit(SMFR0, "F32F32", 32, 0x1), "sme_f32f32"),
    /**
     * The full A64 instruction set in streaming SVE mode (FEAT_SME_FA64): HWCAP2_SME_FA64,
     * ID_AA64SMFR0_EL1.FA64 at least 1.
     */
    SME_FA64(HWCAP2, 30, "smefa64", IN_SME, oneBit(SMFR0, "FA64", 63, 0x1), "sme_fa64"),
    /** WFE and WFI with timeout, WFET/WFIT (FEAT_WFxT): HWCAP2_WFXT, ID_AA64ISAR2_EL1.WFxT at least 2. */
    WFXT(HWCAP2, 31, "wfxt", IN_SYSTEM, field(ISAR2, "WFxT", 0, 0x2)),
    /** Extended BFloat16 behaviour, FPCR.EBF (FEAT_EBF16): HWCAP2_EBF16, ID_AA64ISAR1_EL1.BF16 at least 2. */
    EBF16(HWCAP2, 32, "ebf16", IN_FP_SIMD, field(ISAR1, "BF16", 44, 0x2)),
    /**
     * Extended BFloat16 behaviour of the SVE BFloat16 instructions (FEAT_EBF16): HWCAP2_SVE_EBF16,
     * ID_AA64ZFR0_EL1.BF16 at least 2.
     */
    SVE_EBF16(HWCAP2, 33, "sveebf16", IN_SVE, field(ZFR0, "BF16", 20, 0x2), "sve_ebf16"),
    /**
     * Common short sequence compression: ABS, CNT, CTZ, SMAX, UMIN... on general registers (FEAT_CSSC): HWCAP2_CSSC,
     * ID_AA64ISAR2_EL1.CSSC at least 1.
     */
    CSSC(HWCAP2, 34, "cssc", IN_INTEGER, field(ISAR2, "CSSC", 52, 0x1)),
    /** Range prefetch hint, RPRFM (FEAT_RPRFM): HWCAP2_RPRFM, ID_AA64ISAR2_EL1.RPRFM at least 1. */
    RPRFM(HWCAP2, 35, "rprfm", IN_MEMORY, field(ISAR2, "RPRFM", 48, 0x1)),
    /** Scalable Vector Extension version 2.1 (FEAT_SVE2p1): HWCAP2_SVE2P1, ID_AA64ZFR0_EL1.SVEver at least 2. */
    SVE2P1(HWCAP2, 36, "sve2p1", IN_SVE, field(ZFR0, "SVEver", 0, 0x2)),
    /** Scalable Matrix Extension version 2 (FEAT_SME2): HWCAP2_SME2, ID_AA64SMFR0_EL1.SMEver at least 1. */
    SME2(HWCAP2, 37, "sme2", IN_SME, field(SMFR0, "SMEver", 56, 0x1)),
    /** Scalable Matrix Extension version 2.1 (FEAT_SME2p1): HWCAP2_SME2P1, ID_AA64SMFR0_EL1.SMEver at least 2. */
    SME2P1(HWCAP2, 38, "sme2p1", IN_SME, field(SMFR0, "SMEver", 56, 0x2)),
    /**
     * SME2 16-bit integer 2-way outer products into 32-bit tiles (part of FEAT_SME2): HWCAP2_SME_I16I32,
     * ID_AA64SMFR0_EL1.I16I32 at least 5.
     */
    SME_I16I32(HWCAP2, 39, "smei16i32", IN_SME, field(SMFR0, "I16I32", 44, 0x5), "sme_i16i32"),
    /**
     * SME2 1-bit binary outer products into 32-bit tiles, BMOPA/BMOPS (part of FEAT_SME2): HWCAP2_SME_BI32I32,
     * ID_AA64SMFR0_EL1.BI32I32 at least 1.
     */
    SME_BI32I32(HWCAP2, 40, "smebi32i32", IN_SME, oneBit(SMFR0, "BI32I32", 33, 0x1), "sme_bi32i32"),
    /**
     * SME2.1 non-widening BFloat16 arithmetic (FEAT_SME_B16B16): HWCAP2_SME_B16B16, ID_AA64SMFR0_EL1.B16B16 at least 1.
     */
    SME_B16B16(HWCAP2, 41, "smeb16b16", IN_SME, oneBit(SMFR0, "B16B16", 43, 0x1), "sme_b16b16"),
    /**
     * SME2.1 non-widening half-precision arithmetic (FEAT_SME_F16F16): HWCAP2_SME_F16F16,
     * ID_AA64SMFR0_EL1.F16F16 at least 1.
     */
    SME_F16F16(HWCAP2, 42, "smef16f16", IN_SME, oneBit(SMFR0, "F16F16", 42, 0x1), "sme_f16f16"),
    /**
     * Memory copy and memory set instructions, CPYP/SETP... (FEAT_MOPS): HWCAP2_MOPS, ID_AA64ISAR2_EL1.MOPS at least 1.
     */
    MOPS(HWCAP2, 43, "mops", IN_MEMORY, field(ISAR2, "MOPS", 16, 0x1)),
    /** Hinted conditional branches, BC.cond (FEAT_HBC): HWCAP2_HBC, ID_AA64ISAR2_EL1.BC at least 1. */
    HBC(HWCAP2, 44, "hbc", IN_INTEGER, field(ISAR2, "BC", 20, 0x1)),
    /**
     * SVE2.1 non-widening BFloat16 arithmetic (FEAT_SVE_B16B16): HWCAP2_SVE_B16B16, ID_AA64ZFR0_EL1.B16B16 at least 1.
     */
    SVE_B16B16(HWCAP2, 45, "sveb16b16", IN_SVE, field(ZFR0, "B16B16", 24, 0x1), "sve_b16b16"),
    /**
     * Load-acquire RCpc version 3: LDIAPP/STILP and the SIMD and FP forms (FEAT_LRCPC3): HWCAP2_LRCPC3,
     * ID_AA64ISAR1_EL1.LRCPC at least 3.
     */
    LRCPC3(HWCAP2, 46, "lrcpc3", IN_ATOMICS, field(ISAR1, "LRCPC", 20, 0x3), "rcpc3"),
    /** 128-bit atomics, LDCLRP/LDSETP/SWPP (FEAT_LSE128): HWCAP2_LSE128, ID_AA64ISAR0_EL1.ATOMIC at least 3. */
    LSE128(HWCAP2, 47, "lse128", IN_ATOMICS, field(ISAR0, "ATOMIC", 20, 0x3)),
    /**
     * The Floating-point Mode Register that FP8 instructions read (FEAT_FPMR): HWCAP2_FPMR,
     * ID_AA64PFR2_EL1.FPMR at least 1.
     */
    FPMR(HWCAP2, 48, "fpmr", IN_FP8, field(PFR2, "FPMR", 32, 0x1)),
    /**
     * Lookup table instructions with 2-bit and 4-bit indices, LUTI2/LUTI4 (FEAT_LUT): HWCAP2_LUT,
     * ID_AA64ISAR2_EL1.LUT at least 1.
     */
    LUT(HWCAP2, 49, "lut", IN_FP_SIMD, field(ISAR2, "LUT", 56, 0x1)),
    /**
     * Floating-point absolute minimum and maximum, FAMIN/FAMAX (FEAT_FAMINMAX): HWCAP2_FAMINMAX,
     * ID_AA64ISAR3_EL1.FAMINMAX at least 1.
     */
    FAMINMAX(HWCAP2, 50, "faminmax", IN_FP_SIMD, field(ISAR3, "FAMINMAX", 4, 0x1)),
    /** FP8 conversions and FSCALE (FEAT_FP8): HWCAP2_F8CVT, ID_AA64FPFR0_EL1.F8CVT at least 1. */
    F8CVT(HWCAP2, 51, "f8cvt", IN_FP8, oneBit(FPFR0, "F8CVT", 31, 0x1)),
    /**
     * FP8 multiply-accumulate to half and single precision, FMLALB/FMLALLBB... (FEAT_FP8FMA): HWCAP2_F8FMA,
     * ID_AA64FPFR0_EL1.F8FMA at least 1.
     */
    F8FMA(HWCAP2, 52, "f8fma", IN_FP8, oneBit(FPFR0, "F8FMA", 30, 0x1)),
    /**
     * FP8 to single-precision 4-way dot product, FDOT (FEAT_FP8DOT4): HWCAP2_F8DP4, ID_AA64FPFR0_EL1.F8DP4 at least 1.
     */
    F8DP4(HWCAP2, 53, "f8dp4", IN_FP8, oneBit(FPFR0, "F8DP4", 29, 0x1)),
    /**
     * FP8 to half-precision 2-way dot product, FDOT (FEAT_FP8DOT2): HWCAP2_F8DP2, ID_AA64FPFR0_EL1.F8DP2 at least 1.
     */
    F8DP2(HWCAP2, 54, "f8dp2", IN_FP8, oneBit(FPFR0, "F8DP2", 28, 0x1)),
    /** The OFP8 E4M3 format in FP8 instructions (with FEAT_FP8): HWCAP2_F8E4M3, ID_AA64FPFR0_EL1.F8E4M3 at least 1. */
    F8E4M3(HWCAP2, 55, "f8e4m3", IN_FP8, oneBit(FPFR0, "F8E4M3", 1, 0x1)),
    /** The OFP8 E5M2 format in FP8 instructions (with FEAT_FP8): HWCAP2_F8E5M2, ID_AA64FPFR0_EL1.F8E5M2 at least 1. */
    F8E5M2(HWCAP2, 56, "f8e5m2", IN_FP8, oneBit(FPFR0, "F8E5M2", 0, 0x1)),
    /**
     * SME2 lookup tables with 4-bit indices and 8-bit elements, LUTI4 and MOVT (FEAT_SME_LUTv2): HWCAP2_SME_LUTV2,
     * ID_AA64SMFR0_EL1.LUTv2 at least 1.
     */
    SME_LUTV2(HWCAP2, 57, "smelutv2", IN_SME, oneBit(SMFR0, "LUTv2", 60, 0x1), "sme_lutv2"),
    /**
     * SME2 FP8 multiply-accumulate, dot and outer products into half precision in ZA (FEAT_SME_F8F16):
     * HWCAP2_SME_F8F16, ID_AA64SMFR0_EL1.F8F16 at least 1.
     */
    SME_F8F16(HWCAP2, 58, "smef8f16", IN_SME, oneBit(SMFR0, "F8F16", 41, 0x1), "sme_f8f16"),
    /**
     * SME2 FP8 multiply-accumulate, dot and outer products into single precision in ZA (FEAT_SME_F8F32):
     * HWCAP2_SME_F8F32, ID_AA64SMFR0_EL1.F8F32 at least 1.
     */
    SME_F8F32(HWCAP2, 59, "smef8f32", IN_SME, oneBit(SMFR0, "F8F32", 40, 0x1), "sme_f8f32"),
    /**
     * SVE2 FP8 multiply-accumulate in streaming mode (FEAT_SSVE_FP8FMA): HWCAP2_SME_SF8FMA,
     * ID_AA64SMFR0_EL1.SF8FMA at least 1.
     */
    SME_SF8FMA(HWCAP2, 60, "smesf8fma", IN_SME, oneBit(SMFR0, "SF8FMA", 30, 0x1), "ssve_fp8fma"),
    /**
     * SVE2 FP8 to single-precision 4-way dot product in streaming mode (FEAT_SSVE_FP8DOT4): HWCAP2_SME_SF8DP4,
     * ID_AA64SMFR0_EL1.SF8DP4 at least 1.
     */
    SME_SF8DP4(HWCAP2, 61, "smesf8dp4", IN_SME, oneBit(SMFR0, "SF8DP4", 29, 0x1), "ssve_fp8dot4"),
    /**
     * SVE2 FP8 to half-precision 2-way dot product in streaming mode (FEAT_SSVE_FP8DOT2): HWCAP2_SME_SF8DP2,
     * ID_AA64SMFR0_EL1.SF8DP2 at least 1.
     */
    SME_SF8DP2(HWCAP2, 62, "smesf8dp2", IN_SME, oneBit(SMFR0, "SF8DP2", 28, 0x1), "ssve_fp8dot2"),
    /**
     * Stage 1 permission overlays, the POR_EL0 register (FEAT_S1POE): HWCAP2_POE, ID_AA64MMFR3_EL1.S1POE at least 1.
     */
    POE(HWCAP2, 63, "poe", IN_SECURITY, field(MMFR3, "S1POE", 16, 0x1)),

    // AT_HWCAP3
    /**
     * Tag-check faults report the whole faulting address, bits [63:60] of FAR_ELx included (FEAT_MTE_TAGGED_FAR):
     * HWCAP3_MTE_FAR, ID_AA64PFR2_EL1.MTEFAR at least 1.
     */
    MTE_FAR(HWCAP3, 0, "mtefar", IN_SECURITY, field(PFR2, "MTEFAR", 8, 0x1), "mte_far"),
    /**
     * Store-only tag checking (FEAT_MTE_STORE_ONLY): HWCAP3_MTE_STORE_ONLY, ID_AA64PFR2_EL1.MTESTOREONLY at least 1.
     */
    MTE_STORE_ONLY(HWCAP3, 1, "mtestoreonly", IN_SECURITY, field(PFR2, "MTESTOREONLY", 4, 0x1), "mte_store_only"),
    /**
     * Large System Float Extension: floating-point atomic add, max and min in memory (FEAT_LSFE): HWCAP3_LSFE,
     * ID_AA64ISAR3_EL1.LSFE at least 1.
     */
    LSFE(HWCAP3, 2, "lsfe", IN_ATOMICS, field(ISAR3, "LSFE", 16, 0x1)),
    /**
     * 64-byte single-copy atomic loads and stores, LD64B/ST64B (FEAT_LS64): HWCAP3_LS64,
     * ID_AA64ISAR1_EL1.LS64 at least 1.
     */
    LS64(HWCAP3, 3, "ls64", IN_ATOMICS, field(ISAR1, "LS64", 60, 0x1));

    private final HwcapWord word;
    private final int bit;
    private final IdRule idRule;
    private final FeatureNames names;

    AArch64Feature(HwcapWord word, int bit, String canonicalName, String family, IdRule idRule, String... aliases) {
        this.word = word;
        this.bit = bit;
        this.idRule = idRule;
        this.names = FeatureNames.of(canonicalName, family, aliases);
    }

    @Override
    public FeatureNames names() {
        return names;
    }

    /** {@return the auxiliary-vector word that holds its hwcap bit} */
    public HwcapWord word() {
        return word;
    }

    /** {@return its bit in {@link #word()}, 0 to 63} */
    public int bit() {
        return bit;
    }

    /** {@return the kernel's macro for its bit in {@code asm/hwcap.h}, e.g. {@code HWCAP2_SVE2}} */
    public String macro() {
        return word.macroPrefix() + name();
    }

    /** {@return its HWCAP bit in words, as {@link #hwcapName} writes it} */
    @Override
    public String where() {
        return hwcapName();
    }

    /** {@return the macro with its word and bit, as reports write it: {@code HWCAP2_SVE2 (AT_HWCAP2 bit 1)}} */
    public String hwcapName() {
        return macro() + " (" + word.auxvName() + " bit " + bit + ")";
    }

    /**
     * {@return the ID-register fields that mean the CPU has it; a rule that is {@link IdRule#kernelOnly()} for
     * {@code cpuid} and {@code evtstrm}, which no register describes}
     */
    public IdRule idRule() {
        return idRule;
    }

    @Override
    public String toString() {
        return names.canonicalName();
    }
}
