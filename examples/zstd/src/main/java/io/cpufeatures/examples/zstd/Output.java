package io.cpufeatures.examples.zstd;

/**
 * Where {@link ZstdDecompressor}'s array forms write: the caller's array, fixed, or a new array
 * that grows with the output up to the context's output cap.
 *
 * <p>A new array is sized from what the input can justify, never from what a header claims alone.
 * A declared content size is trusted outright up to {@link #TRUSTED_RATIO} times the input's
 * length (at least {@link #TRUSTED_FLOOR}): the array is then allocated once, exactly, with no
 * copy, which covers frames of ordinary ratios. Beyond that the array starts at that bound (or
 * half the declared size, if less) and doubles as output is decoded, never past the declared size
 * (so an honest frame still ends in an exact array, with no trimming copy) nor the cap, and stops
 * at half of it on the way, so that the last growth keeps at most half of it beside it
 * ({@link #room}). Each growth is bounded by what was decoded: the array is full to within a
 * block when it grows, so the new one holds at most twice the output that exists plus two blocks,
 * and never more than the blocks' headers say they can produce
 * ({@link FrameScan#scan}: a raw or RLE block its size, a compressed one its block
 * maximum). A frame that declares 100 MB and holds a few KB therefore costs a few hundred KB
 * before it is found short.
 *
 * <p>Raw and RLE blocks (the highest ratios: 4 bytes give 128 KiB) say their size in their
 * headers, so where they hold at least two thirds of the content (its declared size, or without
 * one the most the blocks can produce) the array is made once, of that size, with no growth:
 * frames of raw and RLE blocks only, and the reference compressor's output for long runs of one
 * byte, RLE blocks with a compressed block every window or so ({@code zstd -19} of 64 MiB of zeros
 * is 510 RLE blocks and 2 compressed ones; {@code zstd -1}, 480 and 32). Growing there would keep
 * half the content and all of it live at the last growth, 96 MiB for 64 MiB, which a 128 MiB heap
 * cannot hold with the Serial or Parallel collector (the old generation is two thirds of it) nor,
 * as measured, with G1. The compressed blocks' share, unproven, is then at most half of what the
 * headers prove: a frame whose compressed blocks fall short costs at most 1.5 times the raw and RLE
 * content, as growth may.
 *
 * <p>Why a trusted ratio and not the format's own bound: a block of 4 input bytes (an RLE block)
 * may produce 128 KiB, so the most content an input can hold is 32,768 times its length, the bound
 * {@link FrameScan#checkPlausible} enforces. Trusting that much would let 3 KB claim 100 MB; real
 * data rarely compresses beyond {@value #TRUSTED_RATIO} to 1 (text and structured data take 3 to
 * 20), and frames beyond it pay a few copies while growing.
 */
final class Output {

    /** The largest array this decoder makes (some JVMs refuse arrays of exactly {@code Integer.MAX_VALUE}). */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** A declared size up to this is trusted whatever the input's length: one block's worth, what 4 bytes may produce. */
    static final int TRUSTED_FLOOR = BlockDecoder.MAX_BLOCK;

    /** A declared size up to this many times the input's length is trusted outright (see the class comment). */
    static final int TRUSTED_RATIO = 32;

    /** Where output goes; replaced by a larger array as a growing output grows. */
    byte[] buffer;
    /** The usable end of {@link #buffer}. */
    int limit;
    private final boolean growable;
    /** The most a growing output may hold: the declared content, or the cap. */
    private final long ceiling;
    /** The context's output cap, for the error that names it. */
    private final long cap;

    private Output(byte[] buffer, int limit, boolean growable, long ceiling, long cap) {
        this.buffer = buffer;
        this.limit = limit;
        this.growable = growable;
        this.ceiling = ceiling;
        this.cap = cap;
    }

    /** The caller's array, up to index {@code end}. */
    static Output into(byte[] dst, int end) {
        return new Output(dst, end, false, end, end);
    }

    /**
     * A new array for the frames {@code scan} walked, decoded from {@code inputLength} bytes, under the output cap
     * {@code cap}: checked against it before anything is allocated.
     *
     * @throws ZstdFormatException if the frames declare more than the cap, or their raw and RLE blocks hold more
     *                             (at the block where they pass it, with the error the decoder gives there)
     */
    static Output growing(FrameScan.Scan scan, int inputLength, long cap) throws ZstdFormatException {
        // a declared size past the cap is said first, at offset 0, as before the blocks were walked
        if (scan.pastCap() >= 0 && scan.declared() <= Math.min(cap, MAX_ARRAY)) {
            throw exceeds(scan.pastCap(), cap);
        }
        return growing(scan.declared(), scan.bound(), inputLength, cap);
    }

    /**
     * A new array for frames that declare {@code declared} bytes in all ({@code -1}: a frame does
     * not say), decoded from {@code inputLength} bytes, under the output cap {@code cap}.
     *
     * @throws ZstdFormatException if the frames declare more than the cap
     */
    static Output growing(long declared, FrameScan.Bound bound, int inputLength, long cap) throws ZstdFormatException {
        long ceiling = Math.min(cap, MAX_ARRAY);
        if (declared > ceiling) {
            throw new ZstdFormatException(0, "the frames declare " + declared + " bytes of content, more than "
                    + capAndHowToRaise(cap));
        }
        if (bound.bytes() >= 0) {
            long size = declared >= 0 ? declared : bound.bytes();
            if (size <= ceiling && size <= bound.bytes() && 2 * size <= 3 * bound.rawAndRle()) {
                // raw and RLE blocks hold two thirds of the content or more: one array of its size, no growth (more
                // than the cap or the declared size is refused where the output passes it, as for any frame)
                return new Output(new byte[(int) size], (int) size, true, size, cap);
            }
            // the blocks cannot produce more: the last growth never overshoots what they can hold
            ceiling = Math.min(ceiling, bound.bytes());
        }
        long initial;
        if (declared >= 0) {
            ceiling = Math.min(ceiling, declared);
            initial = Math.min(ceiling, Math.max(TRUSTED_FLOOR, (long) TRUSTED_RATIO * inputLength));
        } else {
            // no size to go by: a guess at an ordinary ratio, trimmed at the end
            initial = Math.min(ceiling, Math.max(1024, 4L * inputLength));
        }
        if (initial > ceiling / 2 && initial < ceiling) {
            // past half the ceiling, the growth to it would keep more than half of it beside it (see room)
            initial = ceiling / 2;
        }
        return new Output(new byte[(int) initial], (int) initial, true, ceiling, cap);
    }

    /** Whether this output grows (a new array) rather than fills a caller's array. */
    boolean growable() {
        return growable;
    }

    /**
     * Makes room for {@code n} bytes at {@code op} if the array may grow: doubles it at least (what
     * it holds was decoded) but to stop at half the ceiling, never past the ceiling. There may still be less room than asked if
     * the ceiling is near; writing past {@link #limit} then fails ({@link #overflow}).
     *
     * <p>The array never stops between half the ceiling and the ceiling: a growth that would end
     * there ends at half if that holds the bytes asked for, else at the ceiling. So the growth to
     * the ceiling keeps at most half of it beside it, 1.5 times the ceiling live at most (doubling
     * alone went from wherever it was: 7,743 bytes of compressed blocks declaring 64 MiB started at
     * 32 times that and doubled to 63.4 MB, then 64 MiB, 124.5 MiB live).
     */
    void room(int op, int n) {
        if (growable && limit - op < n) {
            long want = Math.min(ceiling, Math.max((long) op + n, 2L * buffer.length));
            if (want > ceiling / 2 && want < ceiling) {
                want = (long) op + n <= ceiling / 2 ? ceiling / 2 : ceiling;
            }
            if (want > buffer.length) {
                byte[] larger = new byte[(int) want];
                System.arraycopy(buffer, 0, larger, 0, op);
                buffer = larger;
                limit = larger.length;
            }
        }
    }

    /**
     * Fails for output that would pass {@link #limit}, found at input offset {@code at}: for a
     * growing output the cap is passed (a declared size cannot be: past it the frame is malformed,
     * reported before), for the caller's array the destination is too small.
     *
     * @throws ZstdFormatException      for a growing output
     * @throws IllegalArgumentException for the caller's array
     */
    void overflow(long at) throws ZstdFormatException {
        if (growable) {
            throw exceeds(at, cap);
        }
        throw SequenceExecutor.destinationTooSmall(limit);
    }

    /** The error of content that passes the output cap {@code cap}, found at input offset {@code at}. */
    private static ZstdFormatException exceeds(long at, long cap) {
        return new ZstdFormatException(at, "the content exceeds " + capAndHowToRaise(cap));
    }

    /** The first {@code n} bytes: the array itself if it holds exactly that (a declared size), else a copy. */
    byte[] toArray(int n) {
        return n == buffer.length ? buffer : java.util.Arrays.copyOf(buffer, n);
    }

    private static String capAndHowToRaise(long cap) {
        if (cap >= MAX_ARRAY) {
            return "the largest array this decoder makes, " + MAX_ARRAY + " bytes; decode through ZstdInputStream";
        }
        return "this context's output cap of " + cap + " bytes (ZstdDecompressor.Builder.maxOutputSize); raise it,"
                + " or decode into a caller's array or through ZstdInputStream";
    }
}
