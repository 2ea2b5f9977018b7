package io.cpufeatures.x86;

/**
 * Synthetic flags of the preferred layer: advice on which usable features to prefer. A policy
 * flag never removes usability.
 */
public enum PolicyFlag {
    /**
     * Prefer 256-bit (YMM) code over 512-bit (ZMM) code: the part downclocks on ZMM instructions.
     * Linux {@code X86_FEATURE_PREFER_YMM}.
     */
    PREFER_YMM("prefer_ymm");

    private final String canonicalName;

    PolicyFlag(String canonicalName) {
        this.canonicalName = canonicalName;
    }

    /** {@return the flag's name, as Linux spells its identifier in lower case: {@code prefer_ymm}} */
    public String canonicalName() {
        return canonicalName;
    }

    @Override
    public String toString() {
        return canonicalName;
    }
}
