package io.cpufeatures.core;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One cache of a CPU as its architecture reports it: level, type, size, associativity, line size,
 * sets, whether it includes the levels below, and how many logical CPUs one instance serves. Block
 * sizes, non-temporal thresholds and thread layouts are chosen from these; {@code lscpu} shows the
 * same. Sizes are of one instance (an L3 shared by 16 logical CPUs is one size, not 16).
 *
 * @param level     the level, 1 for the caches next to the core
 * @param type      data, instruction, unified, or a trace cache
 * @param size      bytes of one instance; for a {@link Type#TRACE} cache (Pentium 4) the micro-operations it holds
 * @param ways      the associativity; empty when not reported
 * @param fullyAssociative whether any line may hold any address (then {@code ways} is the lines, if given)
 * @param lineBytes the line size; empty when not reported (a trace cache has none)
 * @param sets      the sets; empty when not reported
 * @param inclusive whether it holds every line the levels below it hold; empty when not reported
 * @param sharedBy  how many logical CPUs one instance serves, as reported: exact from Linux's sysfs and AMD's
 *                  CPUID 0x8000001D; Intel's leaf 4 gives the IDs reserved for them, a power of two, so an
 *                  upper bound; empty when not reported
 * @param sharedByIsUpperBound whether {@code sharedBy} is an upper bound rather than a count (Intel's leaf 4), as
 *                  its architecture module says
 * @param source    where it was read: {@code CPUID leaf 4}, {@code CPUID leaf 2 descriptor 0x2c},
 *                  {@code sysfs}...
 */
public record CpuCache(int level, Type type, long size, OptionalInt ways, boolean fullyAssociative, OptionalInt lineBytes,
        OptionalInt sets, Optional<Boolean> inclusive, OptionalInt sharedBy, boolean sharedByIsUpperBound, String source) {

    /** What a cache holds. */
    public enum Type {
        /** Data only. */
        DATA("d"),
        /** Instructions only. */
        INSTRUCTION("i"),
        /** Data and instructions. */
        UNIFIED(""),
        /**
         * Decoded micro-operations (Pentium 4's trace cache), in place of an L1 instruction cache: named as the L1i,
         * its size counted in micro-operations, not bytes.
         */
        TRACE("i");

        private final String suffix;

        Type(String suffix) {
            this.suffix = suffix;
        }

        /** {@return how a level's name ends for this type: {@code d} in L1d, {@code i} for instructions or a trace cache, nothing for unified} */
        public String suffix() {
            return suffix;
        }
    }

    /**
     * Validates the parts.
     *
     * @param level     at least 1
     * @param type      not null
     * @param size      at least 0 (0: the CPU reports the level and no size)
     * @param ways      not null; a value at least 1
     * @param fullyAssociative whether any line may hold any address
     * @param lineBytes not null; a value at least 1
     * @param sets      not null; a value at least 1
     * @param inclusive not null
     * @param sharedBy  not null; a value at least 1
     * @param sharedByIsUpperBound whether {@code sharedBy} is an upper bound
     * @param source    not null
     * @throws IllegalArgumentException for a value out of range
     */
    public CpuCache {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(ways, "ways");
        Objects.requireNonNull(lineBytes, "lineBytes");
        Objects.requireNonNull(sets, "sets");
        Objects.requireNonNull(inclusive, "inclusive");
        Objects.requireNonNull(sharedBy, "sharedBy");
        Objects.requireNonNull(source, "source");
        if (level < 1 || size < 0 || atMost0(ways) || atMost0(lineBytes) || atMost0(sets) || atMost0(sharedBy)) {
            throw new IllegalArgumentException("a cache has a level from 1 and no negative or zero counts: level " + level
                    + ", size " + size + ", ways " + ways + ", line " + lineBytes + ", sets " + sets + ", shared by "
                    + sharedBy);
        }
    }

    private static boolean atMost0(OptionalInt v) {
        return v.isPresent() && v.getAsInt() < 1;
    }

    /**
     * {@return the level's name as {@code lscpu} writes it: {@code L1d}, {@code L1i}, {@code L2}; a trace cache is the
     * {@code L1i} (its {@link #type()} and {@link #shape()} say it is one)}
     */
    public String name() {
        return "L" + level + type.suffix();
    }

    /**
     * One line for a report: {@code L1d 48 KiB, 12-way, 64-byte lines, 1 per 2 logical CPUs}.
     *
     * @return the name, size and what is known of its shape
     */
    public String summary() {
        return name() + " " + shape();
    }

    /**
     * The size and what is known of the shape: {@code 48 KiB, 12-way, 64-byte lines, 1 per 2 logical CPUs}; for a
     * trace cache the micro-operations it holds, {@code 12K micro-ops trace cache, 8-way}.
     *
     * @return the line of {@link #summary()} after the name
     */
    public String shape() {
        StringBuilder sb = new StringBuilder(type == Type.TRACE ? (size / 1024) + "K micro-ops trace cache" : bytes(size));
        if (fullyAssociative) {
            sb.append(", fully associative");
        } else {
            ways.ifPresent(w -> sb.append(", ").append(w == 1 ? "direct-mapped" : w + "-way"));
        }
        lineBytes.ifPresent(l -> sb.append(", ").append(l).append("-byte lines"));
        inclusive.filter(Boolean::booleanValue).ifPresent(i -> sb.append(", inclusive"));
        sharedBy.ifPresent(n -> sb.append(n == 1 ? ", per logical CPU" : ", 1 per " + (sharedByIsUpperBound ? "up to " : "")
                + n + " logical CPUs"));
        return sb.toString();
    }

    /** {@code 48 KiB}, {@code 1.25 MiB}, {@code 32 MiB}: the unit that keeps the number short. */
    static String bytes(long n) {
        if (n >= 1 << 20 && n % (1 << 18) == 0) {
            double m = n / (double) (1 << 20);
            return (m == Math.rint(m) ? Long.toString((long) m) : Double.toString(m)) + " MiB";
        }
        if (n >= 1024 && n % 1024 == 0) {
            return (n / 1024) + " KiB";
        }
        return n + " bytes";
    }
}
