package io.cpufeatures.examples.zstd;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A reusable Zstandard decompression context (RFC 8878): frames, skippable frames and concatenated
 * frames, every block and literals type, dictionaries and content checksums. Making one costs no
 * CPU probe (the literals kernel is the process-wide choice of {@link HuffmanKernels}) and no
 * table or buffer the first frame does not need. Not thread-safe: one per thread, reused.
 */
public final class ZstdDecompressor {

    /** The default window cap, libzstd's default limit (windowLog 27, 128 MiB). */
    public static final long DEFAULT_WINDOW_CAP = 1L << 27;

    /** The largest window cap: a window must fit in one Java array. */
    public static final long MAX_WINDOW_CAP = 1L << 30;

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final long windowCap;
    private final ZstdDictionary dictionary;
    private final BlockDecoder blocks;

    /** A context with the default window cap and no dictionary. */
    public ZstdDecompressor() {
        this(DEFAULT_WINDOW_CAP, null, HuffmanKernels.selected());
    }

    /** A context that decodes with {@code dictionary}. */
    public ZstdDecompressor(ZstdDictionary dictionary) {
        this(DEFAULT_WINDOW_CAP, Objects.requireNonNull(dictionary, "dictionary"), HuffmanKernels.selected());
    }

    ZstdDecompressor(long windowCap, ZstdDictionary dictionary, HuffmanKernel kernel) {
        if (windowCap < FrameHeader.MIN_WINDOW || windowCap > MAX_WINDOW_CAP) {
            throw new IllegalArgumentException("window cap " + windowCap + " is outside [" + FrameHeader.MIN_WINDOW
                    + ", " + MAX_WINDOW_CAP + "]");
        }
        this.windowCap = windowCap;
        this.dictionary = dictionary;
        this.blocks = new BlockDecoder(kernel);
    }

    /** A builder, to set the window cap or the dictionary. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Decompresses every frame of {@code src[srcOff, srcOff+srcLen)} into
     * {@code dst[dstOff, dstOff+dstLen)}.
     *
     * A frame that does not declare its content size may leave bytes of the destination after the
     * returned length changed (as libzstd may); the content itself is exact.
     *
     * @return the number of bytes written
     * @throws ZstdFormatException      if the input is malformed (the offset counts from {@code srcOff})
     * @throws IllegalArgumentException if the destination is too small
     */
    public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) throws ZstdFormatException {
        Objects.checkFromIndexSize(srcOff, srcLen, src.length);
        Objects.checkFromIndexSize(dstOff, dstLen, dst.length);
        Output out = new Output(dst, dstOff + dstLen, false);
        return decodeAll(src, srcOff, srcOff + srcLen, out, dstOff) - dstOff;
    }

    /** Decompresses every frame of {@code src} into a new array of exactly the content's size. */
    public byte[] decompress(byte[] src) throws ZstdFormatException {
        return decompress(src, 0, src.length);
    }

    /**
     * Decompresses every frame of {@code src[off, off+len)} into a new array of exactly the
     * content's size: allocated once when every frame declares its size, grown with the output
     * otherwise.
     */
    public byte[] decompress(byte[] src, int off, int len) throws ZstdFormatException {
        Objects.checkFromIndexSize(off, len, src.length);
        long declared = FrameScan.contentSize(src, off, off + len, windowCap);
        if (declared > MAX_ARRAY) {
            throw new ZstdFormatException(0, "the frames declare " + declared + " bytes of content, more than a Java array holds");
        }
        int initial = declared >= 0 ? (int) declared : (int) Math.min(MAX_ARRAY, Math.max(1024, 4L * len));
        Output out = new Output(new byte[initial], initial, declared < 0);
        int n = decodeAll(src, off, off + len, out, 0);
        return n == out.buffer.length ? out.buffer : Arrays.copyOf(out.buffer, n);
    }

    /**
     * Decompresses the remaining bytes of {@code src} into {@code dst}, advancing both positions.
     * As with arrays, a frame that does not declare its content size may change bytes of
     * {@code dst} after the ones written (before its limit).
     *
     * @return the number of bytes written
     * @throws ZstdFormatException      if the input is malformed (the offset counts from its position)
     * @throws IllegalArgumentException if {@code dst} has too little room
     */
    public int decompress(ByteBuffer src, ByteBuffer dst) throws ZstdFormatException {
        byte[] in;
        int inOff;
        int inLen = src.remaining();
        if (src.hasArray()) {
            in = src.array();
            inOff = src.arrayOffset() + src.position();
        } else {
            in = new byte[inLen];
            src.duplicate().get(in);
            inOff = 0;
        }
        int n;
        if (dst.hasArray()) {
            n = decompress(in, inOff, inLen, dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        } else {
            byte[] out = new byte[dst.remaining()];
            n = decompress(in, inOff, inLen, out, 0, out.length);
            dst.duplicate().put(out, 0, n);
        }
        src.position(src.position() + inLen);
        dst.position(dst.position() + n);
        return n;
    }

    /** Where output goes: an array, its usable end, and whether it may be replaced by a larger one. */
    private static final class Output {
        byte[] buffer;
        int limit;
        final boolean growable;

        Output(byte[] buffer, int limit, boolean growable) {
            this.buffer = buffer;
            this.limit = limit;
            this.growable = growable;
        }

        /** Makes room for {@code n} bytes at {@code op} if the array may grow. */
        void room(int op, int n) throws ZstdFormatException {
            if (growable && limit - op < n) {
                long want = Math.max((long) op + n, 2L * buffer.length);
                if (want > MAX_ARRAY) {
                    if ((long) op + n > MAX_ARRAY) {
                        throw new ZstdFormatException(0, "the content exceeds the largest Java array");
                    }
                    want = MAX_ARRAY;
                }
                buffer = Arrays.copyOf(buffer, (int) want);
                limit = buffer.length;
            }
        }
    }

    private int decodeAll(byte[] src, int off, int end, Output out, int op) throws ZstdFormatException {
        long base = -off;
        if (off == end) {
            throw new ZstdFormatException(0, "the input is empty: a Zstandard input holds at least one frame");
        }
        int ip = off;
        while (ip < end) {
            if (end - ip < 4) {
                throw new ZstdFormatException(base + ip, "a frame starts with a 4-byte magic number; only "
                        + (end - ip) + " byte(s) remain");
            }
            int magic = Bytes.readInt(src, ip);
            if (FrameHeader.isSkippable(magic)) {
                ip = FrameScan.skip(src, ip, end, base);
                continue;
            }
            FrameHeader h = FrameHeader.parse(src, ip, end, base, windowCap);
            FrameScan.checkPlausible(h, ip, end, base);
            h.requireDictionary(dictionary, base + ip);
            ip += h.headerSize();
            byte[] dict = dictionary == null ? null : dictionary.content();
            blocks.startFrame(dictionary);
            int frameStart = op;
            int contentEnd = contentEnd(h, frameStart);
            int blockMax = h.blockMax();
            BlockHeader b;
            do {
                if (end - ip < 3) {
                    throw new ZstdFormatException(base + ip, "a block header needs 3 bytes; only " + (end - ip) + " remain");
                }
                b = BlockHeader.of(Bytes.read24(src, ip), blockMax, base + ip);
                int at = ip;
                ip += 3;
                if (end - ip < b.inputSize()) {
                    throw new ZstdFormatException(base + at, "the block needs " + b.inputSize() + " bytes; only "
                            + (end - ip) + " remain");
                }
                if (b.type() == BlockHeader.COMPRESSED) {
                    out.room(op, blockMax);
                    op = blocks.decode(src, ip, ip + b.size(), base, out.buffer, op, frameStart, out.limit,
                            contentEnd, dict, blockMax);
                } else {
                    out.room(op, b.size());
                    if (contentEnd - op < b.size()) {
                        throw SequenceExecutor.moreThanDeclared(base + at);
                    }
                    if (out.limit - op < b.size()) {
                        throw SequenceExecutor.destinationTooSmall(out.limit);
                    }
                    if (b.type() == BlockHeader.RAW) {
                        System.arraycopy(src, ip, out.buffer, op, b.size());
                    } else {
                        Arrays.fill(out.buffer, op, op + b.size(), src[ip]);
                    }
                    op += b.size();
                }
                ip += b.inputSize();
            } while (!b.last());
            h.checkContentSize(op - frameStart, base + ip);
            if (h.hasChecksum()) {
                if (end - ip < 4) {
                    throw new ZstdFormatException(base + ip, "the 4-byte content checksum is missing");
                }
                FrameHeader.checkChecksum(Bytes.readInt(src, ip), Xxh64.hash(out.buffer, frameStart, op - frameStart, 0),
                        base + ip);
                ip += 4;
            }
        }
        return op;
    }

    /** Where the frame's declared content ends in the output, or {@link Integer#MAX_VALUE} if it declares none. */
    private static int contentEnd(FrameHeader h, int frameStart) {
        return h.contentSize().isPresent() ? (int) Math.min(Integer.MAX_VALUE, frameStart + h.contentSize().getAsLong())
                : Integer.MAX_VALUE;
    }

    /**
     * Sets a context's options.
     */
    public static final class Builder {
        private long windowCap = DEFAULT_WINDOW_CAP;
        private ZstdDictionary dictionary;
        private HuffmanKernel kernel;

        private Builder() {
        }

        /** The largest window a frame may ask for (default {@link #DEFAULT_WINDOW_CAP}); larger ones are rejected. */
        public Builder windowCap(long bytes) {
            this.windowCap = bytes;
            return this;
        }

        /** The dictionary frames are decoded with. */
        public Builder dictionary(ZstdDictionary dict) {
            this.dictionary = dict;
            return this;
        }

        /** A specific literals kernel instead of the process-wide choice (for tests and benchmarks). */
        Builder kernel(HuffmanKernel k) {
            this.kernel = k;
            return this;
        }

        /**
         * The context.
         *
         * @throws IllegalArgumentException if the window cap is below 1 KiB or above {@link #MAX_WINDOW_CAP}
         */
        public ZstdDecompressor build() {
            return new ZstdDecompressor(windowCap, dictionary, kernel != null ? kernel : HuffmanKernels.selected());
        }
    }
}
