package io.cpufeatures.x86.table;

import io.cpufeatures.x86.Register;

import java.util.Locale;
import java.util.Objects;

/**
 * Where a feature flag lives: CPUID leaf, subleaf, output register and bit.
 *
 * @param leaf     the leaf (EAX input)
 * @param subleaf  the subleaf (ECX input)
 * @param register the output register
 * @param bit      the bit, 0..31
 */
public record CpuidBit(int leaf, int subleaf, Register register, int bit) {

    /**
     * Validates the bit number and register.
     *
     * @param leaf     the leaf (EAX input), unsigned
     * @param subleaf  the subleaf (ECX input), unsigned
     * @param register the output register; not null
     * @param bit      the bit, 0..31
     * @throws IllegalArgumentException if {@code bit} is outside 0..31
     */
    public CpuidBit {
        Objects.requireNonNull(register, "register");
        if (bit < 0 || bit > 31) {
            throw new IllegalArgumentException("bit must be 0..31: " + bit);
        }
    }

    @Override
    public String toString() {
        String where = subleaf == 0 && leaf != 0x7 && leaf != 0xD
                ? String.format(Locale.ROOT, "CPUID.0x%X", leaf)
                : String.format(Locale.ROOT, "CPUID.(0x%X,%d)", leaf, subleaf);
        return where + ":" + register + "[" + bit + "]";
    }
}
