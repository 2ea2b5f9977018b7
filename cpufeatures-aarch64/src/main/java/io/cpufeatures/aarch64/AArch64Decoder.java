package io.cpufeatures.aarch64;

import java.util.Set;

/**
 * Decodes an AArch64 snapshot through the layers raw, present (ID registers), usable (HWCAP, then
 * dependencies: the kit's usable layer with {@code AArch64Rules}) and identity (MIDR). A pure function:
 * no global state, no I/O.
 */
public final class AArch64Decoder {

    private AArch64Decoder() {
    }

    /**
     * Decodes {@code snapshot}.
     *
     * @param snapshot the HWCAP words, ID registers and vector lengths of one CPU; not null
     * @return everything the decoder says about that CPU
     */
    public static AArch64CpuInfo decode(AArch64Snapshot snapshot) {
        return AArch64Rules.INSTANCE.decode(snapshot, Set.of());
    }
}
