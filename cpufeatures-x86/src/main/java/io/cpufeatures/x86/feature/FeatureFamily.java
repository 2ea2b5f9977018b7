package io.cpufeatures.x86.feature;

/** A coarse grouping of features for reports, in the order a report lists them. */
public enum FeatureFamily {
    /** x87, MMX, CMOV, CPUID-era basics and long mode. */
    BASE("base"),
    /** SSE through SSE4.2 and SSE4a. */
    SSE("SSE"),
    /** VEX-encoded vector extensions: AVX, AVX2, FMA, F16C, AVX-VNNI... */
    AVX("AVX"),
    /** EVEX-encoded vector extensions: AVX-512 and AVX10. */
    AVX512("AVX-512"),
    /** Advanced Matrix Extensions. */
    AMX("AMX"),
    /** Advanced Performance Extensions. */
    APX("APX"),
    /** BMI1/BMI2, LZCNT, POPCNT, ADX, TBM, MOVBE. */
    BIT_MANIPULATION("bit manipulation"),
    /** AES, SHA, PCLMULQDQ, GFNI, SM3/SM4, RDRAND/RDSEED, PadLock. */
    CRYPTO("crypto"),
    /** Memory and string operations: ERMS, FSRM, CLFLUSHOPT, MOVDIRI... */
    MEMORY("memory"),
    /** XSAVE and its variants. */
    XSAVE("XSAVE"),
    /** Virtualisation, security and system features. */
    SYSTEM("system"),
    /** Facts rather than instructions: hypervisor, hybrid. */
    PLATFORM("platform");

    private final String label;

    FeatureFamily(String label) {
        this.label = label;
    }

    /** {@return the family's name in reports, e.g. {@code AVX-512}} */
    public String label() {
        return label;
    }
}
