package io.cpufeatures.x86;

/** How the value of XCR0 (the OS-enabled register state) is known, with its identifier in reports. */
public enum Xcr0Source {
    /** Read with XGETBV(0) on the CPU itself. */
    XGETBV("xgetbv"),
    /** Inferred from CPUID.(0xD,0).EBX, the XSAVE area size for the state the OS enabled. */
    INFERRED_FROM_LEAF_0xD("inferred"),
    /** Given by the user (for example {@code --xcr0 0x7}). */
    USER("user"),
    /**
     * Read with XGETBV on macOS, with the AVX-512 state added that Darwin enables on a thread's first AVX-512
     * instruction, because {@code hw.optional.avx512f} says the kernel supports it (see the x86 probe's Darwin rule).
     */
    DARWIN("darwin"),
    /**
     * Not known, but checked by the kernel: the features come from its {@code /proc/cpuinfo} flags,
     * which list only features whose register state it enabled.
     */
    KERNEL_CHECKED("kernel"),
    /** Not known: no XGETBV, nothing given, nothing to infer from. */
    UNKNOWN("unknown");

    private final String id;

    Xcr0Source(String id) {
        this.id = id;
    }

    /**
     * {@return the identifier in reports and JSON ({@code xgetbv}, {@code inferred}, {@code user},
     * {@code darwin}, {@code kernel}, {@code unknown})}
     */
    public String id() {
        return id;
    }

    /** {@return whether a value of XCR0 is known this way (read, inferred or given)} */
    public boolean hasValue() {
        return this == XGETBV || this == INFERRED_FROM_LEAF_0xD || this == USER || this == DARWIN;
    }
}
