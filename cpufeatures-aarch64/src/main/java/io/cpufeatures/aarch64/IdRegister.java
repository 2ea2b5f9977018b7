package io.cpufeatures.aarch64;

import java.util.Locale;
import java.util.Optional;

/**
 * The AArch64 ID registers this library reads, each with its system-register encoding
 * (op0, op1, CRn, CRm, op2) from Linux {@code arch/arm64/tools/sysreg}.
 *
 * <p>Every one lies in the space Linux emulates for EL0 when it sets {@code HWCAP_CPUID}:
 * op0 = 3, op1 = 0, CRn = 0, CRm 0 or 2 to 7 ({@code is_emulated()} in
 * {@code arch/arm64/kernel/cpufeature.c}; {@code Documentation/arch/arm64/cpu-feature-registers.rst}
 * section 3). An MRS of such a register traps to the kernel, which answers with the sanitised,
 * system-wide value of the fields it exposes and zero elsewhere; registers of that space it does not
 * track read as zero. In CRm = 0 only MIDR_EL1, MPIDR_EL1 and REVIDR_EL1 are emulated
 * ({@code emulate_id_reg()}): any other register there raises SIGILL, so none is listed. MIDR_EL1 is
 * that of the CPU the MRS ran on, not a system-wide value.
 */
public enum IdRegister {
    /** Main ID register: implementer, variant, architecture, part number, revision. */
    MIDR_EL1(0, 0),
    /** Revision ID register: the kernel always answers 0. */
    REVIDR_EL1(0, 6),
    /** Processor feature register 0: FP, AdvSIMD, SVE, DIT... */
    ID_AA64PFR0_EL1(4, 0),
    /** Processor feature register 1: BT, SSBS, MTE, SME, GCS. */
    ID_AA64PFR1_EL1(4, 1),
    /** Processor feature register 2: MTE_FAR, MTE store-only, FPMR. */
    ID_AA64PFR2_EL1(4, 2),
    /** SVE feature register 0. */
    ID_AA64ZFR0_EL1(4, 4),
    /** SME feature register 0. */
    ID_AA64SMFR0_EL1(4, 5),
    /** Floating-point feature register 0 (FP8). */
    ID_AA64FPFR0_EL1(4, 7),
    /** Instruction set attribute register 0: AES, SHA, CRC32, atomics, RDM, DP, RNDR... */
    ID_AA64ISAR0_EL1(6, 0),
    /** Instruction set attribute register 1: DPB, pointer authentication, JSCVT, LRCPC, BF16, I8MM... */
    ID_AA64ISAR1_EL1(6, 1),
    /** Instruction set attribute register 2: WFxT, RPRES, MOPS, CSSC, LUT... */
    ID_AA64ISAR2_EL1(6, 2),
    /** Instruction set attribute register 3: FAMINMAX, LSFE, FPRCVT. */
    ID_AA64ISAR3_EL1(6, 3),
    /** Memory model feature register 0: ECV. */
    ID_AA64MMFR0_EL1(7, 0),
    /** Memory model feature register 1: AFP. */
    ID_AA64MMFR1_EL1(7, 1),
    /** Memory model feature register 2: AT (USCAT). */
    ID_AA64MMFR2_EL1(7, 2),
    /** Memory model feature register 3: S1POE. */
    ID_AA64MMFR3_EL1(7, 3);

    /** The register as the instruction that reads it: its encoding is all there is to it. */
    private final int mrsX0;

    IdRegister(int crm, int op2) {
        this.mrsX0 = 0xD530_0000 | 1 << 19 | crm << 8 | op2 << 5;
    }

    /** {@return CRm of the encoding, 0, 4, 6 or 7 (op0 = 3, op1 = 0, CRn = 0 for every register here)} */
    public int crm() {
        return mrsX0 >>> 8 & 0xf;
    }

    /** {@return op2 of the encoding, 0 to 7} */
    public int op2() {
        return mrsX0 >>> 5 & 0x7;
    }

    /** {@return the generic operand any assembler accepts, e.g. {@code S3_0_C0_C6_0} for ID_AA64ISAR0_EL1} */
    public String operand() {
        return "S3_0_C0_C" + crm() + "_" + op2();
    }

    /**
     * {@return the instruction {@code MRS X0, <this register>}: {@code 0xD5300000} with o0 (op0 - 2) at bit 19,
     * op1 at 16, CRn at 12, CRm at 8, op2 at 5 and Rt = 0 (Arm ARM, "MRS"), as the probe's stub holds it}
     */
    public int mrsX0() {
        return mrsX0;
    }

    /**
     * {@return whether the kernel can also publish it in sysfs ({@code regs/identification/midr_el1},
     * {@code revidr_el1}): true for MIDR_EL1 and REVIDR_EL1 only}
     */
    public boolean identification() {
        return this == MIDR_EL1 || this == REVIDR_EL1;
    }

    /**
     * The register named {@code name} as written here ({@code ID_AA64ISAR0_EL1}), case-insensitively.
     *
     * @param name a register name in any case, e.g. {@code id_aa64isar0_el1}; not null
     * @return the register; empty for a name that is none of them
     */
    public static Optional<IdRegister> named(String name) {
        try {
            return Optional.of(valueOf(name.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
