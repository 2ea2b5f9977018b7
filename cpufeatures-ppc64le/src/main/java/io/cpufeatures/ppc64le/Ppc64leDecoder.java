package io.cpufeatures.ppc64le;

import io.cpufeatures.core.kit.DecodedCpu;
import java.util.EnumSet;
import java.util.Set;

/**
 * Decodes a ppc64le snapshot: present is every feature whose HWCAP bit the kernel sets; usable is the kit's
 * usable layer with {@link Ppc64leRules} (the dependencies); identity is the {@link Processor}. A pure
 * function: no global state, no I/O.
 */
public final class Ppc64leDecoder {

    private Ppc64leDecoder() {
    }

    /**
     * Decodes {@code snapshot}.
     *
     * @param snapshot the HWCAP words and what else the kernel told; not null
     * @return everything the decoder says about that CPU
     */
    public static Ppc64leCpuInfo decode(Ppc64leSnapshot snapshot) {
        return decode(snapshot, Set.of());
    }

    /**
     * Decodes {@code snapshot} with {@code disabled} features removed (what depends on them falls too).
     *
     * @param snapshot the HWCAP words and what else the kernel told; not null
     * @param disabled the features to remove, each reported with the reason "disabled"; not null
     * @return everything the decoder says about that CPU
     */
    public static Ppc64leCpuInfo decode(Ppc64leSnapshot snapshot, Set<Ppc64leFeature> disabled) {
        Set<Ppc64leFeature> present = EnumSet.noneOf(Ppc64leFeature.class);
        for (Ppc64leFeature f : Ppc64leFeature.values()) {
            if (snapshot.has(f)) {
                present.add(f);
            }
        }
        return new Ppc64leCpuInfo(snapshot, DecodedCpu.of(Ppc64leRules.INSTANCE, snapshot, present, disabled));
    }
}
