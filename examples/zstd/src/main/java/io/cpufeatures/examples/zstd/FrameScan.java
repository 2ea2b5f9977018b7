package io.cpufeatures.examples.zstd;

/**
 * Walks the frames of an input without decoding them: skips skippable frames, sums declared
 * content sizes, and rejects a frame header that declares more content than its remaining input
 * could produce.
 */
final class FrameScan {

    private FrameScan() {
    }

    /** Skips the skippable frame at {@code ip}; returns the position after it. */
    static int skip(byte[] src, int ip, int end, long base) throws ZstdFormatException {
        if (end - ip < 8) {
            throw new ZstdFormatException(base + ip, "a skippable frame needs its 4-byte size after the magic;"
                    + " only " + (end - ip) + " byte(s) remain");
        }
        long size = Bytes.readInt(src, ip + 4) & 0xFFFFFFFFL;
        if (size > end - ip - 8) {
            throw new ZstdFormatException(base + ip + 4, "skippable frame of " + size + " bytes; only " + (end - ip - 8)
                    + " remain");
        }
        return ip + 8 + (int) size;
    }

    /**
     * The most content the blocks of {@code src[off, end)} can produce, read from their headers: a raw or RLE
     * block says its size, a compressed one produces at most its frame's block maximum.
     *
     * @param bytes    the bound, or -1 when the headers cannot be walked (the decoder will say where they fail)
     * @param rawAndRle what the raw and RLE blocks produce, their sizes: the part of the bound that is content, not
     *                 a block maximum ({@code bytes} itself when every block is raw or RLE); -1 with {@code bytes}
     */
    record Bound(long bytes, long rawAndRle) {

        /** No bound: the headers cannot be walked. */
        static final Bound NONE = new Bound(-1, -1);
    }

    /**
     * What one walk over the frames' and blocks' headers says of the content, before anything is decoded.
     *
     * @param declared the total content size the frames declare, -1 if a frame does not declare it or the headers
     *                 cannot be walked (skippable frames count 0)
     * @param bound    the most the blocks can produce ({@link Bound})
     * @param pastCap  the input offset of the block header at which the raw and RLE blocks alone, whose headers say
     *                 their sizes, hold more than the output cap: the content passes it there, or before; -1 when
     *                 they do not (the walk stops there: nothing after it is decoded)
     */
    record Scan(long declared, Bound bound, long pastCap) {
    }

    /**
     * Walks the frames of {@code src[off, end)} once, by their headers: sums what they declare (each declared size
     * checked against what the rest of the input could produce, {@link #checkPlausible}, until a frame declares
     * none) and what their blocks can produce, and finds where the content proven by raw and RLE blocks passes
     * {@code outputCap}: a bomb of such blocks is refused there before an array is made for it (at -Xmx128m a
     * 128 MiB bomb grew its array to the 64 MiB cap, 32 and 64 MiB live at once, an OutOfMemoryError before the cap's
     * error).
     *
     * @throws ZstdFormatException for a malformed frame or skippable-frame header, or an implausible declared size
     */
    static Scan scan(byte[] src, int off, int end, long windowCap, long outputCap) throws ZstdFormatException {
        long base = -off;
        long declared = 0;
        long bound = 0;
        long rawAndRle = 0;
        boolean boundKnown = true;
        int ip = off;
        while (ip < end) {
            if (end - ip < 4) {
                return new Scan(-1, Bound.NONE, -1);
            }
            if (FrameHeader.isSkippable(Bytes.readInt(src, ip))) {
                ip = skip(src, ip, end, base);
                continue;
            }
            FrameHeader h = FrameHeader.parse(src, ip, end, base, windowCap);
            if (declared >= 0) {
                checkPlausible(h, ip, end, base);
                declared = h.contentSize().isPresent() ? declared + h.contentSize().getAsLong() : -1;
            }
            ip += h.headerSize();
            while (true) {
                if (end - ip < 3) {
                    return new Scan(-1, Bound.NONE, -1);
                }
                int bh = Bytes.read24(src, ip);
                int type = bh >>> 1 & 3;
                int size = bh >>> 3;
                // a reserved block type or a size beyond the block maximum: no bound (the decoder says where; an RLE
                // header of 4 bytes may not claim 2 MiB); the walk goes on by its size
                boundKnown &= type != 3 && size <= h.blockMax();
                bound += type == 2 ? h.blockMax() : type == 3 ? 0 : size;
                rawAndRle += type < 2 ? size : 0;
                if (boundKnown && rawAndRle > outputCap) {
                    // what every block before this one produced, and this one's size, pass the cap: the decoder
                    // would find it here, at the latest, after filling an array of the cap
                    return new Scan(declared, new Bound(bound, rawAndRle), base + ip);
                }
                ip += 3 + (type == 1 ? 1 : size);
                if (ip > end) {
                    return new Scan(-1, Bound.NONE, -1);
                }
                if ((bh & 1) != 0) {
                    ip += h.hasChecksum() ? 4 : 0;
                    break;
                }
            }
        }
        return new Scan(declared, boundKnown ? new Bound(bound, rawAndRle) : Bound.NONE, -1);
    }

    /**
     * Rejects a declared content size the rest of the input cannot produce. A block that produces
     * anything takes at least 4 bytes (a 3-byte header and an RLE byte; a raw block of n bytes takes
     * 3 + n, a compressed one at least 6) and produces at most the frame's block maximum
     * ({@link FrameHeader#blockMax()}, 128 KiB at most): so content is at most a quarter of the
     * remaining bytes times that, 32,768 times the input at worst. This bound is sound, not
     * tight; what is allocated is bounded separately ({@link Output}).
     */
    static void checkPlausible(FrameHeader h, int ip, int end, long base) throws ZstdFormatException {
        if (h.contentSize().isPresent()) {
            long remaining = end - ip - h.headerSize();
            long most = (remaining / 4) * h.blockMax();
            if (h.contentSize().getAsLong() > most) {
                throw new ZstdFormatException(base + ip, "the frame declares " + h.contentSize().getAsLong()
                        + " bytes of content; its " + remaining + " remaining bytes can produce at most " + most);
            }
        }
    }
}
