package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuIdentity;
import java.util.List;

/**
 * Sets {@link PolicyFlag#PREFER_YMM} exactly where Linux does: on Intel family 6 models that
 * downclock when executing 512-bit instructions, any stepping. Linux
 * {@code arch/x86/kernel/cpu/intel.c}, {@code zmm_exclusion_list} ("x86: move zmm exclusion list
 * into CPU feature flag", Eric Biggers, v6.15): Skylake-X/SP (also Cascade Lake and Cooper Lake,
 * which share model 0x55), Ice Lake-X and -D, Ice Lake client (0x7D, 0x7E), Ice Lake NNPI, Tiger
 * Lake (0x8C, 0x8D). Rocket Lake and Sapphire Rapids onwards are allowed ZMM code.
 */
public final class PreferYmmPolicy {

    /** Intel family 6 models on the kernel's list, in ascending order. */
    public static final List<Integer> MODELS = List.of(0x55, 0x6A, 0x6C, 0x7D, 0x7E, 0x8C, 0x8D, 0x9D);

    private PreferYmmPolicy() {
    }

    /**
     * Whether the CPU should avoid ZMM registers.
     *
     * @param identity the CPU's identity; not null
     * @return whether it is an Intel family 6 part of one of the {@link #MODELS}
     */
    public static boolean preferYmm(CpuIdentity identity) {
        return identity.isIntel() && identity.family() == 6 && MODELS.contains(identity.model());
    }
}
