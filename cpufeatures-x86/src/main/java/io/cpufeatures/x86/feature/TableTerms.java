package io.cpufeatures.x86.feature;

import java.util.List;

/**
 * Short names that keep each line of {@link X86Feature} readable as one table row: the register
 * state a feature needs and the family it is reported under; and the families in report order.
 */
final class TableTerms {

    static final StateRequirement NO_STATE = StateRequirement.NONE;
    static final StateRequirement OS_XSAVE = StateRequirement.OSXSAVE;
    static final StateRequirement XMM_STATE = StateRequirement.SSE;
    static final StateRequirement YMM_STATE = StateRequirement.AVX;
    static final StateRequirement ZMM_STATE = StateRequirement.AVX512;
    static final StateRequirement TILE_STATE = StateRequirement.AMX;
    static final StateRequirement EGPR_STATE = StateRequirement.APX;
    static final StateRequirement BND_STATE = StateRequirement.MPX;
    static final StateRequirement PKRU_STATE = StateRequirement.PKU;

    /** x87, MMX, CMOV, CPUID-era basics and long mode. */
    static final String IN_BASE = "base";
    /** SSE through SSE4.2 and SSE4a. */
    static final String IN_SSE = "SSE";
    /** VEX-encoded vector extensions: AVX, AVX2, FMA, F16C, AVX-VNNI... */
    static final String IN_AVX = "AVX";
    /** EVEX-encoded vector extensions: AVX-512 and AVX10. */
    static final String IN_AVX512 = "AVX-512";
    /** Advanced Matrix Extensions. */
    static final String IN_AMX = "AMX";
    /** Advanced Performance Extensions. */
    static final String IN_APX = "APX";
    /** BMI1/BMI2, LZCNT, POPCNT, ADX, TBM, MOVBE. */
    static final String IN_BITS = "bit manipulation";
    /** AES, SHA, PCLMULQDQ, GFNI, SM3/SM4, RDRAND/RDSEED, PadLock. */
    static final String IN_CRYPTO = "crypto";
    /** Memory and string operations: ERMS, FSRM, CLFLUSHOPT, MOVDIRI... */
    static final String IN_MEMORY = "memory";
    /** XSAVE and its variants. */
    static final String IN_XSAVE = "XSAVE";
    /** Virtualisation, security and system features. */
    static final String IN_SYSTEM = "system";
    /** Facts rather than instructions: hypervisor, hybrid. */
    static final String IN_PLATFORM = "platform";

    /** The families, in the order a report lists them. */
    static final List<String> FAMILIES = List.of(IN_BASE, IN_SSE, IN_AVX, IN_AVX512, IN_AMX, IN_APX, IN_BITS, IN_CRYPTO,
            IN_MEMORY, IN_XSAVE, IN_SYSTEM, IN_PLATFORM);

    private TableTerms() {
    }
}
