package io.cpufeatures.aarch64.feature;

/** A coarse grouping of AArch64 features for reports, in the order a report lists them. */
public enum FeatureFamily {
    /** Scalar floating point and Advanced SIMD (NEON) with their extensions: FP16, RDM, dot product, BF16, I8MM... */
    FP_SIMD("FP/AdvSIMD"),
    /** AES, PMULL, SHA-1/2/3/512, SM3/SM4, the random number generator. */
    CRYPTO("crypto"),
    /** Scalar integer and branch extensions: CRC32, flag manipulation, CSSC, hinted branches. */
    INTEGER("integer"),
    /** Atomics and memory ordering: LSE, LSE2 (USCAT), LRCPC, LS64. */
    ATOMICS("atomics"),
    /** Cache maintenance and memory operations: DC CVAP, MOPS, RPRFM. */
    MEMORY("memory"),
    /** The Scalable Vector Extension and its extensions. */
    SVE("SVE"),
    /** The Scalable Matrix Extension and its extensions. */
    SME("SME"),
    /** 8-bit floating point. */
    FP8("FP8"),
    /** Pointer authentication, BTI, MTE, GCS, speculation controls, DIT. */
    SECURITY("security"),
    /** Facts of the kernel and the system: the MRS emulation, the event stream, timers, hints. */
    SYSTEM("system");

    private final String label;

    FeatureFamily(String label) {
        this.label = label;
    }

    /** {@return the family's name in reports, e.g. {@code FP/AdvSIMD} or {@code crypto}} */
    public String label() {
        return label;
    }
}
