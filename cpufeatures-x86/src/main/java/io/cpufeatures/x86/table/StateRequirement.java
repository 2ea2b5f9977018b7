package io.cpufeatures.x86.table;

/**
 * The register state a feature's instructions touch, and so what the OS must have enabled before
 * they may run. The masks are the XCR0 bits that must all be set (Intel SDM Vol. 1, 13.3, and the
 * AVX/AVX-512/AMX/APX "OS support" checks of SDM Vol. 2 and the APX specification):
 * SSE 0x3, AVX 0x7, AVX-512 and AVX10 0xE7 ("111xx111": opmask, ZMM_Hi256 and Hi16_ZMM on top of
 * x87/SSE/AVX), AMX 0x60000, APX 0x80000, MPX 0x18, PKU 0x200.
 */
public enum StateRequirement {
    /** General-purpose-register or system instructions: no XSAVE-managed state. */
    NONE(0, false),
    /**
     * XSAVE/XGETBV themselves: they fault unless the OS set CR4.OSXSAVE, which CPUID.1:ECX.OSXSAVE
     * mirrors.
     */
    OSXSAVE(0, false),
    /**
     * XMM state. Without OSXSAVE the OS manages it with FXSAVE (CR4.OSFXSR, which every x86-64 OS
     * sets), so the XCR0 check applies only when OSXSAVE is set.
     */
    SSE(0x3, true),
    /** YMM state: VEX-encoded vector instructions. */
    AVX(0x7, false),
    /** Opmask and ZMM state: EVEX-encoded instructions (AVX-512, AVX10). */
    AVX512(0xE7, false),
    /** Tile configuration and data. */
    AMX(0x6_0000, false),
    /** Extended general-purpose registers R16-R31. */
    APX(0x8_0000, false),
    /** Bound registers and their configuration. */
    MPX(0x18, false),
    /** The PKRU register. */
    PKU(0x200, false);

    private final long xcr0Mask;
    private final boolean onlyWithOsxsave;

    StateRequirement(long xcr0Mask, boolean onlyWithOsxsave) {
        this.xcr0Mask = xcr0Mask;
        this.onlyWithOsxsave = onlyWithOsxsave;
    }

    /** {@return the XCR0 bits that must all be set; 0 when XCR0 is not involved} */
    public long xcr0Mask() {
        return xcr0Mask;
    }

    /** {@return whether the XCR0 check is skipped when OSXSAVE is clear (the FXSAVE-managed SSE state)} */
    public boolean onlyWithOsxsave() {
        return onlyWithOsxsave;
    }
}
