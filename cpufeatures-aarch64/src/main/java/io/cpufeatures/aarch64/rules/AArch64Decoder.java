package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.rules.AArch64Architecture;

import java.util.Set;

/**
 * Decodes an AArch64 snapshot through the layers raw, present (ID registers), usable (HWCAP, then
 * dependencies: the kit's usable layer with {@code AArch64Architecture}) and identity (MIDR). A pure function:
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
    public static AArch64DecodedCpu decode(AArch64Snapshot snapshot) {
        return AArch64Architecture.INSTANCE.decode(snapshot, Set.of());
    }
}
