package io.cpufeatures.core.kit;

import java.util.OptionalInt;

/**
 * How the Vector API's preferred species size ({@code VectorShape.preferredShape().vectorBitSize()}) follows from the
 * widths HotSpot's C2 gives each lane type, the part of the derivation every architecture shares; each module says
 * how its flags decide those widths ({@link Architecture#vectorBits}).
 *
 * <p>How the JDK decides (OpenJDK 17 to 25, {@code jdk.incubator.vector.VectorShape.computePreferredShape}): the
 * preferred size is the smallest, over the six lane types, of {@code max(64, lanes * laneBits)}, where {@code lanes}
 * is {@code VectorSupport.getMaxLaneCount(type)}, which is C2's {@code Matcher::max_vector_size(type)} (and -1 on a
 * VM built without C2, so 64 bits). C2's width in bytes per lane type ({@code Matcher::vector_width_in_bytes}) is
 * capped by {@code MaxVectorSize} and is zero when it holds fewer than two lanes (or fewer than four bytes).
 */
public final class VectorLanes {

    /** The Vector API's smallest shape, and its floor for every lane type ({@code VectorShape.S_64_BIT}). */
    public static final int MIN_BITS = 64;

    private VectorLanes() {
    }

    /**
     * The preferred size, in bits, when C2's widths are {@code narrow} bytes for byte, short and char vectors,
     * {@code integral} for int and long, {@code floating} for float and double.
     *
     * @param narrow   C2's width for byte, short and char vectors, in bytes
     * @param integral its width for int and long vectors
     * @param floating its width for float and double vectors
     * @return the smallest of the six lane types' sizes, at least {@link #MIN_BITS}
     */
    public static int preferredBits(int narrow, int integral, int floating) {
        return Math.min(Math.min(Math.min(laneBits(narrow, 1), laneBits(narrow, 2)),
                Math.min(laneBits(integral, 4), laneBits(integral, 8))),
                Math.min(laneBits(floating, 4), laneBits(floating, 8)));
    }

    /**
     * The size, in bits, of the Vector API's largest species of {@code lane} ({@code VectorSpecies.ofLargestShape}, by
     * {@code VectorShape.getMaxVectorBitSize}: {@code max(64, lanes * laneBits)}) when C2's width for it is
     * {@code widthBytes}.
     *
     * @param lane       the lane type; not null
     * @param widthBytes C2's width for it, in bytes, before the two-lane minimum
     * @return the size, at least {@link #MIN_BITS}
     */
    public static int bits(io.cpufeatures.core.jvm.LaneType lane, int widthBytes) {
        return laneBits(widthBytes, lane.bytes());
    }

    private static int laneBits(int widthBytes, int laneBytes) {
        int lanes = widthBytes < 2 * laneBytes || widthBytes < 4 ? 0 : widthBytes / laneBytes;
        return Math.max(MIN_BITS, lanes * laneBytes * 8);
    }

    /**
     * {@return the integer a HotSpot flag's value reads as; empty for none or another value}
     *
     * @param value the flag's value as read, or null
     */
    public static OptionalInt number(String value) {
        if (value == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(value));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
