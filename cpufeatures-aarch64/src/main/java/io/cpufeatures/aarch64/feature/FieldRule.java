package io.cpufeatures.aarch64.feature;

import io.cpufeatures.aarch64.raw.IdRegister;
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

    /** Validates the parts. */
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

    /** The field's value in {@code registerValue}, sign-extended when the field is signed. */
    public int value(long registerValue) {
        int raw = (int) (registerValue >>> lsb) & ((1 << width) - 1);
        return signed && raw >= 1 << width - 1 ? raw - (1 << width) : raw;
    }

    /** Whether the field in {@code registerValue} is at least the minimum. */
    public boolean holds(long registerValue) {
        return value(registerValue) >= minimum;
    }

    /** {@code ID_AA64ZFR0_EL1.SVEver [3:0]}. */
    public String position() {
        return register + "." + field + " [" + (width == 1 ? Integer.toString(lsb) : (lsb + width - 1) + ":" + lsb) + "]";
    }

    /** {@code ID_AA64ZFR0_EL1.SVEver [3:0] >= 1}, with {@code (signed)} for a signed field. */
    @Override
    public String toString() {
        return position() + " >= " + minimum + (signed ? " (signed)" : "");
    }
}
