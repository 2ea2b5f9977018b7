package io.cpufeatures.x86;

import java.util.Objects;

/**
 * The makers of x86 CPUs, by the 12-character vendor string of CPUID leaf 0 (EBX, EDX, ECX), so the
 * tables compare a type instead of spelling the strings. Strings as the vendors, Linux
 * {@code arch/x86/kernel/cpu/} and the corpus's dumps spell them.
 */
public enum X86Vendor {
    /** Intel. */
    INTEL("GenuineIntel"),
    /** AMD. */
    AMD("AuthenticAMD"),
    /** Hygon (AMD Zen licensees; their CPUID follows AMD's). */
    HYGON("HygonGenuine"),
    /** Centaur and VIA. */
    CENTAUR("CentaurHauls"),
    /** Zhaoxin. */
    ZHAOXIN("  Shanghai  "),
    /** Cyrix. */
    CYRIX("CyrixInstead"),
    /** National Semiconductor (Geode). */
    NSC("Geode by NSC"),
    /** Rise Technology. */
    RISE("RiseRiseRise"),
    /** Transmeta. */
    TRANSMETA("GenuineTMx86"),
    /** Transmeta, in its early parts' spelling. */
    TRANSMETA_EARLY("TransmetaCPU"),
    /** DM&amp;P Vortex86. */
    VORTEX86("Vortex86 SoC"),
    /** Microsoft's x86 emulation on Windows on Arm. */
    MICROSOFT_EMULATION("Virtual CPU "),
    /** Any other vendor string. */
    OTHER(null);

    private final String cpuidString;

    X86Vendor(String cpuidString) {
        this.cpuidString = cpuidString;
    }

    /** {@return the vendor string of CPUID leaf 0, e.g. {@code GenuineIntel}; null for {@link #OTHER}} */
    public String cpuidString() {
        return cpuidString;
    }

    /**
     * The vendor whose leaf-0 string is {@code vendorString}, or {@link #OTHER}.
     *
     * @param vendorString the 12-character vendor string, compared exactly (case and spaces count); not null
     * @return the vendor, {@link #OTHER} for any string not listed
     */
    public static X86Vendor of(String vendorString) {
        Objects.requireNonNull(vendorString, "vendorString");
        for (X86Vendor v : values()) {
            if (vendorString.equals(v.cpuidString)) {
                return v;
            }
        }
        return OTHER;
    }
}
