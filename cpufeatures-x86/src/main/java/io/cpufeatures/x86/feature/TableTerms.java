package io.cpufeatures.x86.feature;

/**
 * Short names that keep each line of {@link X86Feature} readable as one table row: the register
 * state a feature needs and the family it is reported under.
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

    static final FeatureFamily IN_BASE = FeatureFamily.BASE;
    static final FeatureFamily IN_SSE = FeatureFamily.SSE;
    static final FeatureFamily IN_AVX = FeatureFamily.AVX;
    static final FeatureFamily IN_AVX512 = FeatureFamily.AVX512;
    static final FeatureFamily IN_AMX = FeatureFamily.AMX;
    static final FeatureFamily IN_APX = FeatureFamily.APX;
    static final FeatureFamily IN_BITS = FeatureFamily.BIT_MANIPULATION;
    static final FeatureFamily IN_CRYPTO = FeatureFamily.CRYPTO;
    static final FeatureFamily IN_MEMORY = FeatureFamily.MEMORY;
    static final FeatureFamily IN_XSAVE = FeatureFamily.XSAVE;
    static final FeatureFamily IN_SYSTEM = FeatureFamily.SYSTEM;
    static final FeatureFamily IN_PLATFORM = FeatureFamily.PLATFORM;

    private TableTerms() {
    }
}
