package io.cpufeatures.x86;

/** The four registers CPUID returns. */
public enum Register {
    /** EAX: the leaf on input, and an output register. */
    EAX,
    /** EBX: an output register. */
    EBX,
    /** ECX: the subleaf on input, and an output register. */
    ECX,
    /** EDX: an output register. */
    EDX
}
