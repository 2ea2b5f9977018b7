package io.cpufeatures.core.jvm;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * The Vector API's preferred species size ({@code VectorShape.preferredShape().vectorBitSize()}) derived
 * from the HotSpot flags that decide it, without loading {@code jdk.incubator.vector}: what a JVM like this
 * one gets when it is started with {@code --add-modules jdk.incubator.vector}.
 *
 * <p>How the JDK decides (OpenJDK 17 to 25, {@code jdk.incubator.vector.VectorShape.computePreferredShape}):
 * the preferred size is the smallest, over the six lane types, of {@code max(64, lanes * laneBits)}, where
 * {@code lanes} is {@code VectorSupport.getMaxLaneCount(type)}, which is C2's
 * {@code Matcher::max_vector_size(type)} (and -1 on a VM built without C2, so 64 bits). C2's width in bytes
 * per lane type ({@code Matcher::vector_width_in_bytes}) is, capped by {@code MaxVectorSize} and zero when it
 * holds fewer than two lanes (or fewer than four bytes):
 * <ul>
 *   <li>x86 ({@code src/hotspot/cpu/x86/x86.ad}): none below {@code UseSSE=2}; 16 bytes, or
 *       {@code (1 << UseAVX) * 8} when {@code UseAVX} is 2 or more; under {@code UseAVX=3} byte, short and char
 *       vectors are 64 bytes only with AVX-512BW (else 32). Integer lanes decide the minimum, so {@code UseAVX=1}'s
 *       256-bit float vectors do not raise it.</li>
 *   <li>AArch64 ({@code src/hotspot/cpu/aarch64/aarch64.ad}): 256 bytes with {@code UseSVE} above 0, else 16
 *       (NEON), capped by {@code MaxVectorSize}, which the JVM sets from the SVE vector length.</li>
 * </ul>
 * The derivation is proved against the real {@code preferredShape()} by tests on both JDKs, on x86 and AArch64
 * CPUs under qemu, and under several {@code MaxVectorSize} and {@code UseAVX} settings; on other architectures it
 * answers nothing.
 */
public final class PreferredVectorShape {

    /** The Vector API's smallest shape, and its floor for every lane type ({@code VectorShape.S_64_BIT}). */
    public static final int MIN_BITS = 64;

    private PreferredVectorShape() {
    }

    /**
     * The preferred species' bit size a JVM with these flags gets from the Vector API.
     *
     * @param osArch               the JVM's {@code os.arch}
     * @param flags                the HotSpot flags read (by name, as strings); empty when none could be read
     * @param narrowLanesFullWidth whether the CPU gives byte and short vectors the full width (x86: AVX-512BW
     *                             usable), asked on x86 under {@code UseAVX=3} only; what it throws propagates
     * @return the size in bits; empty when the flags were not readable, a flag it needs is malformed, or
     *         {@code osArch} is not one whose compiler rules are known here
     */
    public static OptionalInt derive(String osArch, Map<String, String> flags, BooleanSupplier narrowLanesFullWidth) {
        Objects.requireNonNull(osArch, "osArch");
        Objects.requireNonNull(flags, "flags");
        Objects.requireNonNull(narrowLanesFullWidth, "narrowLanesFullWidth");
        if (flags.isEmpty()) {
            return OptionalInt.empty();
        }
        String maxVectorSize = flags.get("MaxVectorSize");
        if (maxVectorSize == null) {
            // MaxVectorSize is a C2 flag: absent, this VM has no C2 and getMaxLaneCount answers -1.
            return OptionalInt.of(MIN_BITS);
        }
        OptionalInt max = number(maxVectorSize);
        if (max.isEmpty()) {
            return OptionalInt.empty();
        }
        switch (osArch) {
            case "amd64", "x86_64" -> {
                OptionalInt sse = number(flags.get("UseSSE"));
                OptionalInt avx = number(flags.get("UseAVX"));
                if (sse.isEmpty() || avx.isEmpty()) {
                    return OptionalInt.empty();
                }
                return OptionalInt.of(x86(sse.getAsInt(), avx.getAsInt(), max.getAsInt(), narrowLanesFullWidth));
            }
            case "aarch64" -> {
                OptionalInt sve = number(flags.get("UseSVE"));
                if (sve.isEmpty()) {
                    return OptionalInt.empty();
                }
                int width = Math.min(sve.getAsInt() > 0 ? 256 : 16, max.getAsInt());
                return OptionalInt.of(smallest(width, width, width));
            }
            default -> {
                return OptionalInt.empty();
            }
        }
    }

    private static int x86(int useSse, int useAvx, int maxVectorSize, BooleanSupplier narrowLanesFullWidth) {
        if (useSse < 2) {
            return MIN_BITS;
        }
        int integral = Math.min(useAvx > 1 ? (1 << useAvx) * 8 : 16, maxVectorSize);
        int floating = Math.min(useAvx > 2 ? 64 : useAvx > 0 ? 32 : 16, maxVectorSize);
        int narrow = useAvx > 2 && !narrowLanesFullWidth.getAsBoolean() ? Math.min(32, maxVectorSize) : integral;
        return smallest(narrow, integral, floating);
    }

    /**
     * The smallest {@code max(64, lanes * laneBits)} over the six lane types, byte and short vectors
     * {@code narrow} bytes wide, int and long ones {@code integral}, float and double ones {@code floating}.
     */
    private static int smallest(int narrow, int integral, int floating) {
        return Math.min(Math.min(Math.min(laneBits(narrow, 1), laneBits(narrow, 2)),
                Math.min(laneBits(integral, 4), laneBits(integral, 8))),
                Math.min(laneBits(floating, 4), laneBits(floating, 8)));
    }

    /** {@code max(64, lanes * laneBits)} for a vector {@code widthBytes} wide, C2's minimum lane count applied. */
    private static int laneBits(int widthBytes, int laneBytes) {
        int lanes = widthBytes < 2 * laneBytes || widthBytes < 4 ? 0 : widthBytes / laneBytes;
        return Math.max(MIN_BITS, lanes * laneBytes * 8);
    }

    private static OptionalInt number(String value) {
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
