package io.cpufeatures.x86.table;

import io.cpufeatures.x86.table.StateRequirement;
import java.util.List;

/**
 * Short names that keep each line of {@link io.cpufeatures.x86.table.X86Feature} readable as one table row: the register
 * state a feature needs and the family it is reported under; and the families in report order.
 */
public final class TableTerms {

    public static final StateRequirement NO_STATE = StateRequirement.NONE;
    public static final StateRequirement OS_XSAVE = StateRequirement.OSXSAVE;
    public static final StateRequirement XMM_STATE = StateRequirement.SSE;
    public static final StateRequirement YMM_STATE = StateRequirement.AVX;
    public static final StateRequirement ZMM_STATE = StateRequirement.AVX512;
    public static final StateRequirement TILE_STATE = StateRequirement.AMX;
    public static final StateRequirement EGPR_STATE = StateRequirement.APX;
    public static final StateRequirement BND_STATE = StateRequirement.MPX;
    public static final StateRequirement PKRU_STATE = StateRequirement.PKU;

    /** x87, MMX, CMOV, CPUID-era basics and long mode. */
    public static final String IN_BASE = "base";
    /** SSE through SSE4.2 and SSE4a. */
    public static final String IN_SSE = "SSE";
    /** VEX-encoded vector extensions: AVX, AVX2, FMA, F16C, AVX-VNNI... */
    public static final String IN_AVX = "AVX";
    /** EVEX-encoded vector extensions: AVX-512 and AVX10. */
    public static final String IN_AVX512 = "AVX-512";
    /** Advanced Matrix Extensions. */
    public static final String IN_AMX = "AMX";
    /** Advanced Performance Extensions. */
    public static final String IN_APX = "APX";
    /** BMI1/BMI2, LZCNT, POPCNT, ADX, TBM, MOVBE. */
    public static final String IN_BITS = "bit manipulation";
    /** AES, SHA, PCLMULQDQ, GFNI, SM3/SM4, RDRAND/RDSEED, PadLock. */
    public static final String IN_CRYPTO = "crypto";
    /** Memory and string operations: ERMS, FSRM, CLFLUSHOPT, MOVDIRI... */
    public static final String IN_MEMORY = "memory";
    /** XSAVE and its variants. */
    public static final String IN_XSAVE = "XSAVE";
    /** Virtualisation, security and system features. */
    public static final String IN_SYSTEM = "system";
    /** Facts rather than instructions: hypervisor, hybrid. */
    public static final String IN_PLATFORM = "platform";

    /** The families, in the order a report lists them. */
    public static final List<String> FAMILIES = List.of(IN_BASE, IN_SSE, IN_AVX, IN_AVX512, IN_AMX, IN_APX, IN_BITS, IN_CRYPTO,
            IN_MEMORY, IN_XSAVE, IN_SYSTEM, IN_PLATFORM);

    private TableTerms() {
    }
}
