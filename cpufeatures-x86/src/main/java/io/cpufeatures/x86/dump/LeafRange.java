package io.cpufeatures.x86.dump;

import java.util.Optional;

/**
 * The CPUID leaf ranges a snapshot keeps. Each range starts with a leaf whose EAX is the highest
 * leaf of the range; leaves above it are not implemented and read as absent (the SDM says such
 * leaves return the data of the highest basic leaf on Intel, garbage elsewhere: never features).
 *
 * <p>Other ranges ({@code 0x20000000} of Xeon Phi, {@code 0x80860000} of Transmeta...) carry
 * nothing the decoder reads and are not kept.
 */
public enum LeafRange {
    /** Standard leaves, {@code 0x0} to CPUID.0:EAX. */
    BASIC(0x0000_0000),
    /** Hypervisor leaves, {@code 0x40000000} to CPUID.0x40000000:EAX. */
    HYPERVISOR(0x4000_0000),
    /** Extended leaves, {@code 0x80000000} to CPUID.0x80000000:EAX. */
    EXTENDED(0x8000_0000),
    /** Centaur/VIA/Zhaoxin leaves, {@code 0xC0000000} to CPUID.0xC0000000:EAX. */
    CENTAUR(0xC000_0000);

    /** A range spans at most this many leaves above its base (the kernel's sanity bound). */
    private static final int SPAN = 0xFFFF;

    private final int base;

    LeafRange(int base) {
        this.base = base;
    }

    /** {@return the first leaf of the range, whose EAX gives its highest leaf} */
    public int base() {
        return base;
    }

    /**
     * The range {@code leaf} belongs to, if it is one the snapshot keeps.
     *
     * @param leaf a leaf number, unsigned
     * @return its range, when it is within 0xFFFF leaves above a kept range's base; empty otherwise
     */
    public static Optional<LeafRange> of(int leaf) {
        for (LeafRange range : values()) {
            if (Integer.compareUnsigned(leaf, range.base) >= 0
                    && Integer.compareUnsigned(leaf, range.base + SPAN) <= 0) {
                return Optional.of(range);
            }
        }
        return Optional.empty();
    }

    /**
     * The highest implemented leaf given the base leaf's EAX. For the basic range that is EAX
     * itself; for the others an EAX outside {@code base..base+0xFFFF} means the range is not
     * implemented (old CPUs echo other data there), so only the base leaf is kept, except for the
     * extended range where even the base leaf is then meaningless and the range is dropped.
     */
    public int highestLeaf(int baseEax) {
        if (this == BASIC) {
            return baseEax;
        }
        boolean plausible = Integer.compareUnsigned(baseEax, base) >= 0
                && Integer.compareUnsigned(baseEax, base + SPAN) <= 0;
        if (plausible) {
            return baseEax;
        }
        return this == EXTENDED ? base - 1 : base;
    }
}
