package io.cpufeatures.examples.raid;

import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import io.cpufeatures.dispatch.NativeVariants;
import io.cpufeatures.dispatch.Requirements;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * RAID xor, dispatched once: the point {@code raid.xor} and its public entries. The kernel is
 * chosen on first use as Linux {@code arch_xor_init()} does: on x86 {@code vector512}, then
 * {@code vector256}, on AArch64 {@code sve}, then {@code neon}, is taken outright when eligible;
 * otherwise the scalar kernels are timed on a page and the fastest wins
 * ({@code raid.xor: using function: ...} in the log). The choice is held in a static final field,
 * so a call costs the argument checks and a direct call.
 */
public final class XorGen implements DispatchPointProvider {

    /** The most sources one call takes (ISA-L and md take more, in calls of this many). */
    public static final int MAX_SOURCES = 16;

    /** The native xor's variants this jar bundles: the committed builds of {@code src/main/c/native-builds}. */
    static final NativeVariants NATIVE_VARIANTS = NativeVariants.read(XorGen.class, "native/xor.variants");

    /**
     * The native xor's point: the best variant of {@code libcpfxor} this CPU runs, as glibc's hwcaps directories
     * choose one, but by what is usable here (XCR0, the kernel's grant) and explained: on x86-64
     * {@code x86-64-v4} (not where 512-bit registers downclock), {@code x86-64-v3}, {@code x86-64-v2},
     * {@code baseline}; on AArch64 {@code sve}, {@code baseline}. Java code ({@code java}, the word loops) only where
     * this jar has no variant for the platform.
     */
    public static final DispatchPoint<XorKernel> NATIVE = DispatchPoint.builder("raid.xor.native", XorKernel.class)
            .candidates(NATIVE_VARIANTS.<XorKernel>candidates("", 1, XorNatives::load))
            .candidate(Candidate.of("java", "the 64-bit word loops, where this jar has no native variant", 0,
                    Requirements.NONE, UnrolledScalarXor::new))
            .build();

    /** The native variant raid.xor.native chose, selected when first touched. */
    private static final class NativeChosen {
        static final Dispatched<XorKernel> KERNEL = NATIVE.dispatched();
    }

    /**
     * The point. Calibration warms each scalar kernel up for 50 ms, long enough for C2 to compile its
     * loops on two cores (with the default 10 ms the first kernel is timed half interpreted).
     */
    public static final DispatchPoint<XorKernel> POINT = DispatchPoint.builder("raid.xor", XorKernel.class)
            .candidate(ScalarXor.class)
            .candidate(UnrolledScalarXor.class)
            .candidate(Vector256Xor.class)
            .candidate(Vector512Xor.class)
            .candidate(NeonXor.class)
            .candidate(SveXor.class)
            .candidate(Candidate.of("native", "the C xor in the variant raid.xor.native chooses, through JNA", 2,
                    Requirements.NONE, XorGen::nativeKernel))
            .calibrate(true)
            .calibration(Duration.ofMillis(50), Duration.ofMillis(25))
            .build();

    /**
     * The chosen kernel, selected when this holder is first touched; a failed selection is the
     * point's DispatchException on every call, never an error initialising this class.
     */
    private static final class Chosen {
        static final Dispatched<XorKernel> KERNEL = POINT.dispatched();
    }

    /** raid.xor.native's choice, if it is native code: its Java fallback is not offered twice. */
    private static XorKernel nativeKernel() {
        XorKernel k = NativeChosen.KERNEL.get();
        if (!(k instanceof NativeXor)) {
            throw new IllegalStateException("raid.xor.native chose Java code (no native variant for this platform)");
        }
        return k;
    }

    /** For ServiceLoader (tools find the point through it). */
    public XorGen() {
    }

    /**
     * The kernel this process uses (selecting it if that has not happened yet).
     *
     * @throws io.cpufeatures.dispatch.DispatchException if no kernel can be selected (every call)
     */
    public static XorKernel kernel() {
        return Chosen.KERNEL.get();
    }

    /**
     * {@code dest[destOff, destOff+len) = srcs[0][srcOff..] ^ ... ^ srcs[n-1][srcOff..]}, the ISA-L
     * {@code xor_gen} form (one source copies it).
     *
     * @throws NullPointerException      if {@code dest}, {@code srcs} or a source is null
     * @throws IllegalArgumentException  if there are no sources or more than {@value #MAX_SOURCES},
     *                                   or the destination range overlaps a source range
     * @throws IndexOutOfBoundsException if {@code len} or an offset is negative, or a range passes the end of its array
     */
    public static void xorGen(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        check(dest, destOff, srcs, srcOff, len);
        Chosen.KERNEL.get().gen(dest, destOff, srcs, srcOff, len);
    }

    /**
     * {@code dest[destOff, destOff+len) ^= srcs[0][srcOff..] ^ ... ^ srcs[n-1][srcOff..]}, the Linux
     * {@code xor_blocks} form; checked as {@link #xorGen(byte[], int, byte[][], int, int)}.
     */
    public static void xorInto(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        check(dest, destOff, srcs, srcOff, len);
        Chosen.KERNEL.get().into(dest, destOff, srcs, srcOff, len);
    }

    /**
     * As {@link #xorGen(byte[], int, byte[][], int, int)} for buffers (direct or heap), by absolute
     * index: positions and limits are neither used nor changed; the range must lie within each
     * buffer's capacity. Overlap is detected when the destination is one of the sources; two
     * distinct buffers that share memory (slices, duplicates) cannot be seen and must not overlap.
     *
     * @throws java.nio.ReadOnlyBufferException if {@code dest} is read-only
     */
    public static void xorGen(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        check(dest, destOff, srcs, srcOff, len);
        Chosen.KERNEL.get().gen(dest, destOff, srcs, srcOff, len);
    }

    /** As {@link #xorInto(byte[], int, byte[][], int, int)} for buffers, checked as {@link #xorGen(ByteBuffer, int, ByteBuffer[], int, int)}. */
    public static void xorInto(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        check(dest, destOff, srcs, srcOff, len);
        Chosen.KERNEL.get().into(dest, destOff, srcs, srcOff, len);
    }

    private static void check(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        Objects.requireNonNull(dest, "dest");
        checkCount(Objects.requireNonNull(srcs, "srcs").length);
        checkRange(-1, destOff, len, dest.length);
        for (int i = 0; i < srcs.length; i++) {
            byte[] src = srcs[i];
            if (src == null) {
                throw new NullPointerException("srcs[" + i + "]");
            }
            checkRange(i, srcOff, len, src.length);
            if (src == dest && overlap(destOff, srcOff, len)) {
                throw overlap(i, destOff, srcOff, len);
            }
        }
    }

    private static void check(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        Objects.requireNonNull(dest, "dest");
        checkCount(Objects.requireNonNull(srcs, "srcs").length);
        if (dest.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        checkRange(-1, destOff, len, dest.capacity());
        for (int i = 0; i < srcs.length; i++) {
            ByteBuffer src = srcs[i];
            if (src == null) {
                throw new NullPointerException("srcs[" + i + "]");
            }
            checkRange(i, srcOff, len, src.capacity());
            if (src == dest && overlap(destOff, srcOff, len)) {
                throw overlap(i, destOff, srcOff, len);
            }
        }
    }

    private static void checkCount(int n) {
        if (n < 1 || n > MAX_SOURCES) {
            throw new IllegalArgumentException(n + " sources: xor takes 1 to " + MAX_SOURCES);
        }
    }

    /** Checks the range of source {@code i} (the destination when -1); the message is built only on failure. */
    private static void checkRange(int i, int off, int len, int length) {
        if (off < 0 || len < 0 || off > length - len) {
            String what = i < 0 ? "dest" : "srcs[" + i + "]";
            throw new IndexOutOfBoundsException(what + ": range [" + off + ", " + off + " + " + len + ") is outside [0, "
                    + length + ")");
        }
    }

    /** Whether {@code [destOff, destOff+len)} and {@code [srcOff, srcOff+len)} share a byte. */
    private static boolean overlap(int destOff, int srcOff, int len) {
        return len > 0 && destOff < srcOff + len && srcOff < destOff + len;
    }

    private static IllegalArgumentException overlap(int i, int destOff, int srcOff, int len) {
        return new IllegalArgumentException("dest [" + destOff + ", " + (destOff + len) + ") overlaps srcs[" + i + "] ["
                + srcOff + ", " + (srcOff + len) + ") in the same array or buffer");
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT, NATIVE);
    }
}
