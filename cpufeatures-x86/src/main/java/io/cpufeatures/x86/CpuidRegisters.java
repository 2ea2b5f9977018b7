package io.cpufeatures.x86;

import java.util.Locale;

/**
 * What one CPUID call returned.
 *
 * @param eax EAX output
 * @param ebx EBX output
 * @param ecx ECX output
 * @param edx EDX output
 */
public record CpuidRegisters(int eax, int ebx, int ecx, int edx) {

    /** All four registers zero: what an absent leaf reads as. */
    public static final CpuidRegisters ZERO = new CpuidRegisters(0, 0, 0, 0);

    /**
     * The value of one register.
     *
     * @param register which of the four; not null
     * @return its 32 bits
     */
    public int get(Register register) {
        return switch (register) {
            case EAX -> eax;
            case EBX -> ebx;
            case ECX -> ecx;
            case EDX -> edx;
        };
    }

    /**
     * Whether bit {@code bit} (0..31) of {@code register} is set.
     *
     * @param register which of the four; not null
     * @param bit      the bit number, 0..31 (Java uses only the low five bits of a shift count)
     * @return whether the bit is 1
     */
    public boolean bit(Register register, int bit) {
        return (get(register) >>> bit & 1) != 0;
    }

    /** {@return whether all four registers are zero, as an absent leaf reads} */
    public boolean isZero() {
        return (eax | ebx | ecx | edx) == 0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x", eax, ebx, ecx, edx);
    }
}
