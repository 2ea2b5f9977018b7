package io.cpufeatures.x86.raw;

/** How the value of XCR0 (the OS-enabled register state) is known. */
public enum Xcr0Source {
    /** Read with XGETBV(0) on the CPU itself. */
    XGETBV,
    /** Inferred from CPUID.(0xD,0).EBX, the XSAVE area size for the state the OS enabled. */
    INFERRED_FROM_LEAF_0xD,
    /** Given by the user (for example {@code --xcr0 0x7}). */
    USER,
    /** Not known: no XGETBV, nothing given, nothing to infer from. */
    UNKNOWN
}
