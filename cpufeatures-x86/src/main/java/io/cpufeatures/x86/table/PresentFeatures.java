package io.cpufeatures.x86.table;

import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import java.util.Collections;
import java.util.EnumSet;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The present layer: which features the CPU reports, bit by bit, before any question of OS support.
 *
 * <p>A bit counts only where it is defined: leaf 7 subleaf n only when CPUID.(7,0):EAX (the highest
 * subleaf) is at least n, leaf 0x24 only when CPUID.(7,1):EDX.AVX10 is set, and any leaf only up to
 * the highest leaf of its range (the snapshot already drops the rest).
 */
public final class PresentFeatures {

    private PresentFeatures() {
    }

    /**
     * The features whose bit is set in {@code snapshot}, in table order.
     *
     * @param snapshot the snapshot; not null
     * @return the present features, counting only bits of defined leaves and subleaves; unmodifiable
     */
    public static Set<X86Feature> of(CpuidSnapshot snapshot) {
        EnumSet<X86Feature> present = EnumSet.noneOf(X86Feature.class);
        int maxLeaf7Subleaf = snapshot.read(0x7, 0).eax();
        boolean avx10 = avx10Reported(snapshot);
        for (X86Feature f : X86Feature.values()) {
            CpuidBit b = f.bit();
            if (b.leaf() == 0x7 && Integer.compareUnsigned(b.subleaf(), maxLeaf7Subleaf) > 0) {
                continue;
            }
            if (b.leaf() == 0x24 && !avx10) {
                continue;
            }
            if (snapshot.read(b.leaf(), b.subleaf()).bit(b.register(), b.bit())) {
                present.add(f);
            }
        }
        return Collections.unmodifiableSet(present);
    }

    /**
     * The AVX10 version (CPUID.(0x24,0):EBX[7:0]) when AVX10 is present, else empty.
     *
     * @param snapshot the snapshot; not null
     * @return the version, e.g. 1 or 2; empty when AVX10 is not reported or leaf 0x24 is missing
     */
    public static OptionalInt avx10Version(CpuidSnapshot snapshot) {
        if (!avx10Reported(snapshot) || !snapshot.contains(0x24, 0)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(snapshot.read(0x24, 0).ebx() & 0xff);
    }

    /** Whether CPUID.(7,1):EDX.AVX10 is set and subleaf 1 of leaf 7 is defined. */
    private static boolean avx10Reported(CpuidSnapshot snapshot) {
        CpuidBit b = X86Feature.AVX10.bit();
        return Integer.compareUnsigned(snapshot.read(0x7, 0).eax(), 1) >= 0
                && snapshot.read(b.leaf(), b.subleaf()).bit(b.register(), b.bit());
    }
}
