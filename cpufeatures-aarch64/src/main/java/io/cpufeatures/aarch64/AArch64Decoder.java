package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.feature.Presence;
import io.cpufeatures.aarch64.identity.Cores;
import io.cpufeatures.core.kit.DecodedCpu;
import java.util.Set;

/**
 * Decodes an AArch64 snapshot through the layers raw, present (ID registers), usable (HWCAP, then
 * dependencies: the kit's usable layer with {@link AArch64Rules}) and identity (MIDR). A pure function:
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
        return decode(snapshot, Set.of());
    }

    /**
     * Decodes {@code snapshot} with {@code disabled} features removed, as if the kernel did not allow
     * them (what depends on them falls too).
     *
     * @param snapshot the HWCAP words, ID registers and vector lengths of one CPU; not null
     * @param disabled the features to remove, each reported with the reason "disabled"; not null
     * @return everything the decoder says about that CPU
     */
    public static AArch64CpuInfo decode(AArch64Snapshot snapshot, Set<AArch64Feature> disabled) {
        return new AArch64CpuInfo(snapshot, DecodedCpu.of(AArch64Rules.INSTANCE, snapshot, Presence.of(snapshot), disabled),
                snapshot.midr().flatMap(Cores::of));
    }
}
