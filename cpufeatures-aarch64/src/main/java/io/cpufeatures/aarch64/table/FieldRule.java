package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.IdRegister;

import java.util.Objects;

/**
 * One ID-register field and the smallest value that means the CPU has a feature: the condition of a
 * Linux {@code HWCAP_CAP(reg, field, min, ...)} entry.
 *
 * @param register the register
 * @param field    the field's name in {@code arch/arm64/tools/sysreg} ({@code SVEver})
 * @param lsb      its lowest bit
 * @param width    its width in bits (4, or 1 for the single-bit SME and FP8 fields)
 * @param signed   whether it is a signed field (FP, AdvSIMD: 0xF means not implemented, so the
 *                 comparison is signed)
 * @param minimum  the smallest value that grants the feature
 */
public record FieldRule(IdRegister register, String field, int lsb, int width, boolean signed, int minimum) {

    /**
     * Validates the parts.
     *
     * @param register the register; not null
     * @param field    the field's name in {@code arch/arm64/tools/sysreg}; not null
     * @param lsb      its lowest bit, 0 to 63
     * @param width    its width in bits, 1 or 4; the field must end at or below bit 63
     * @param signed   whether the field, and so the comparison, is signed
     * @param minimum  the smallest value that grants the feature: 0 to 2<sup>width</sup> - 1 for an unsigned field,
     *                 -2<sup>width-1</sup> to 2<sup>width-1</sup> - 1 for a signed one
     * @throws IllegalArgumentException if the width is not 1 or 4, the field does not lie inside the 64-bit register,
     *                                  or {@code minimum} is a value the field cannot hold
     */
    public FieldRule {
        Objects.requireNonNull(register, "register");
        Objects.requireNonNull(field, "field");
        if (width != 1 && width != 4 || lsb < 0 || lsb + width > 64) {
            throw new IllegalArgumentException(field + ": a field is 1 or 4 bits inside 64, not " + width + " at " + lsb);
        }
        if (minimum < (signed ? -(1 << width - 1) : 0) || minimum >= (signed ? 1 << width - 1 : 1 << width)) {
            throw new IllegalArgumentException(field + ": minimum " + minimum + " does not fit the field");
        }
    }

    /**
     * The field's value in {@code registerValue}, sign-extended when the field is signed.
     *
     * @param registerValue the whole 64-bit value of {@link #register()}
     * @return the field's bits: -8 to 7 for a signed 4-bit field (0xF reads as -1, not implemented), 0 to 15 for an
     *         unsigned one, 0 or 1 for an unsigned one-bit field
     */
    public int value(long registerValue) {
        int raw = (int) (registerValue >>> lsb) & ((1 << width) - 1);
        return signed && raw >= 1 << width - 1 ? raw - (1 << width) : raw;
    }

    /**
     * Whether the field in {@code registerValue} is at least the minimum.
     *
     * @param registerValue the whole 64-bit value of {@link #register()}
     * @return whether {@link #value(long)} is at least {@link #minimum()}: the condition of the kernel's hwcap row
     */
    public boolean holds(long registerValue) {
        return value(registerValue) >= minimum;
    }

    /**
     * {@return where the field lies, as reports write it: {@code ID_AA64ZFR0_EL1.SVEver [3:0]}, or one bit for a
     * one-bit field, {@code ID_AA64SMFR0_EL1.FA64 [63]}}
     */
    public String position() {
        return register + "." + field + " [" + (width == 1 ? Integer.toString(lsb) : (lsb + width - 1) + ":" + lsb) + "]";
    }

    /** {@code ID_AA64ZFR0_EL1.SVEver [3:0] >= 1}, with {@code (signed)} for a signed field. */
    @Override
    public String toString() {
        return position() + " >= " + minimum + (signed ? " (signed)" : "");
    }
}
