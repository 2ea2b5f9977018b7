package io.cpufeatures.ppc64le.rules;

import io.cpufeatures.ppc64le.Ppc64leSnapshot;

import io.cpufeatures.ppc64le.rules.Ppc64leArchitecture;

import java.util.Set;

/**
 * Decodes a ppc64le snapshot: present is every feature whose HWCAP bit the kernel sets; usable is the kit's
 * usable layer with {@code Ppc64leArchitecture} (the dependencies); identity is the {@link Processor}. A pure
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
    public static Ppc64leDecodedCpu decode(Ppc64leSnapshot snapshot) {
        return Ppc64leArchitecture.INSTANCE.decode(snapshot, Set.of());
    }
}
