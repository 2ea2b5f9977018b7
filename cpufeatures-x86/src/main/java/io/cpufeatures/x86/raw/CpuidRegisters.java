package io.cpufeatures.x86.raw;

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

    /** The value of one register. */
    public int get(Register register) {
        return switch (register) {
            case EAX -> eax;
            case EBX -> ebx;
            case ECX -> ecx;
            case EDX -> edx;
        };
    }

    /** Whether bit {@code bit} (0..31) of {@code register} is set. */
    public boolean bit(Register register, int bit) {
        return (get(register) >>> bit & 1) != 0;
    }

    /** Whether all four registers are zero. */
    public boolean isZero() {
        return (eax | ebx | ecx | edx) == 0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x", eax, ebx, ecx, edx);
    }
}
