package io.cpufeatures.examples.zstd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A reusable Zstandard decompression context (RFC 8878): frames, skippable frames and concatenated
 * frames, every block and literals type, dictionaries and content checksums. Making one costs no
 * CPU probe (the kernels are the process-wide choices of {@link HuffmanKernels} and
 * {@link CopyKernels}) and no table: a call decodes with its thread's tables (the Huffman, FSE and
 * sequence tables and the literals buffer), lent to it until it returns, which every context on
 * that thread shares in turn, so a context made per block decodes with warm tables. Not
 * thread-safe: one context per thread at a time.
 */
public final class ZstdDecompressor {

    /** The default window cap, libzstd's default limit (windowLog 27, 128 MiB). */
    public static final long DEFAULT_WINDOW_CAP = 1L << 27;

    /** The largest window cap: a window must fit in one Java array. */
    public static final long MAX_WINDOW_CAP = 1L << 30;

    /**
     * The default cap on what the forms that return a new array ({@link #decompress(byte[])},
     * {@link #decompress(byte[], int, int)}) produce: 64 MiB. Those forms hold the whole content in
     * one array and, while it grows, the previous one too (up to 1.5 times the cap), so the default
     * keeps a hostile input's cost under 100 MiB while passing any payload that is reasonable to
     * hold in one array; larger content belongs in {@link ZstdInputStream} or a caller's array,
     * which this cap does not apply to, or a context built with a larger
     * {@link Builder#maxOutputSize(long)}.
     */
    public static final long DEFAULT_MAX_OUTPUT_SIZE = 64L << 20;

    private final long windowCap;
    private final long maxOutputSize;
    private final ZstdDictionary dictionary;
    /** The kernels this context decodes with; the tables are the thread's, lent per call ({@link ThreadTables}). */
    private final Kernels kernels;

    /** A context with the default window and output caps and no dictionary. */
    public ZstdDecompressor() {
        this(DEFAULT_WINDOW_CAP, DEFAULT_MAX_OUTPUT_SIZE, null, Kernels.selected());
    }

    /** A context that decodes with {@code dictionary} (and the default caps). */
    public ZstdDecompressor(ZstdDictionary dictionary) {
        this(DEFAULT_WINDOW_CAP, DEFAULT_MAX_OUTPUT_SIZE, Objects.requireNonNull(dictionary, "dictionary"),
                Kernels.selected());
    }

    ZstdDecompressor(long windowCap, long maxOutputSize, ZstdDictionary dictionary, Kernels kernels) {
        if (windowCap < FrameHeader.MIN_WINDOW || windowCap > MAX_WINDOW_CAP) {
            throw new IllegalArgumentException("window cap " + windowCap + " is outside [" + FrameHeader.MIN_WINDOW
                    + ", " + MAX_WINDOW_CAP + "]");
        }
        if (maxOutputSize < 0) {
            throw new IllegalArgumentException("output cap " + maxOutputSize + " is negative");
        }
        this.windowCap = windowCap;
        this.maxOutputSize = maxOutputSize;
        this.dictionary = dictionary;
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A builder, to set the window cap, the output cap or the dictionary. */
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
        Output out = Output.into(dst, dstOff + dstLen);
        return decodeAll(src, srcOff, srcOff + srcLen, out, dstOff) - dstOff;
    }

    /**
     * Decompresses every frame of {@code src} into a new array of exactly the content's size, at
     * most the output cap; see {@link #decompress(byte[], int, int)}.
     */
    public byte[] decompress(byte[] src) throws ZstdFormatException {
        return decompress(src, 0, src.length);
    }

    /**
     * Decompresses every frame of {@code src[off, off+len)} into a new array of exactly the
     * content's size.
     *
     * <p>Memory is bounded by what the input holds, never by what a header claims: a declared
     * content size is trusted (the array allocated once, exactly, without a copy) up to 32 times
     * the input's length, or 128 KiB, or where raw and RLE blocks, whose headers give their sizes,
     * hold two thirds of it or more (as when the reference compressor meets long runs of one byte);
     * otherwise, and when a frame does not declare its size, the array grows as the output is
     * decoded (frames of mostly raw and RLE blocks again get one array, of the most their blocks
     * can produce). The content may not exceed the context's output cap
     * ({@link Builder#maxOutputSize(long)}, default {@link #DEFAULT_MAX_OUTPUT_SIZE}): frames that
     * declare more, or whose raw and RLE blocks alone hold more (their headers say their sizes), are
     * refused before anything is allocated for them; others when their output passes it.
     *
     * @throws ZstdFormatException if the input is malformed, or its content exceeds the output cap
     *                             (the message names the cap and how to raise it)
     */
    public byte[] decompress(byte[] src, int off, int len) throws ZstdFormatException {
        Objects.checkFromIndexSize(off, len, src.length);
        FrameScan.Scan scan = FrameScan.scan(src, off, off + len, windowCap, maxOutputSize);
        Output out = Output.growing(scan, len, maxOutputSize);
        return out.toArray(decodeAll(src, off, off + len, out, 0));
    }

    /**
     * Decompresses the remaining bytes of {@code src} into {@code dst}, advancing both positions
     * (neither moves if an exception is thrown). As with arrays, a frame that does not declare its
     * content size may change bytes of a heap {@code dst} after the ones written (before its limit).
     *
     * <p>Two heap buffers are decoded in place, as arrays. Otherwise (a direct or read-only
     * {@code src}, a direct {@code dst}, such as a file mapped in memory) the frames are decoded block
     * by block as {@link ZstdInputStream} does: blocks are read from {@code src} as they come, and
     * the content goes to {@code dst} through one scratch array of at most the frame's window
     * (bounded by the window cap) plus two blocks, or its declared content size if smaller. So
     * memory follows the frames, never the buffers' sizes: neither buffer is ever copied whole,
     * and a 256 MiB direct destination takes no 256 MiB array. That path copies each byte once
     * more than the heap one, and a frame larger than its window shifts the scratch every two blocks.
     *
     * @return the number of bytes written
     * @throws ZstdFormatException      if the input is malformed (the offset counts from its position)
     * @throws IllegalArgumentException if {@code dst} has too little room
     * @throws ReadOnlyBufferException  if {@code dst} is read-only (before anything is read)
     */
    public int decompress(ByteBuffer src, ByteBuffer dst) throws ZstdFormatException {
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        int inLen = src.remaining();
        int n;
        if (src.hasArray() && dst.hasArray()) {
            n = decompress(src.array(), src.arrayOffset() + src.position(), inLen, dst.array(),
                    dst.arrayOffset() + dst.position(), dst.remaining());
        } else {
            BlockDecoder blocks = ThreadTables.take(kernels);
            try {
                ZstdInputStream blocksOf = new ZstdInputStream(new ByteBufferInputStream(src.duplicate()), windowCap,
                        dictionary, blocks);
                n = blocksOf.drainTo(dst.duplicate());
            } catch (ZstdFormatException e) {
                throw e;
            } catch (IOException e) {
                // a buffer is read without I/O: nothing else can be thrown
                throw new UncheckedIOException(e);
            } finally {
                ThreadTables.giveBack(blocks);
            }
        }
        src.position(src.position() + inLen);
        dst.position(dst.position() + n);
        return n;
    }

    /** Decodes every frame of {@code src[off, end)} into {@code out} from {@code op}, with the thread's tables. */
    private int decodeAll(byte[] src, int off, int end, Output out, int op) throws ZstdFormatException {
        BlockDecoder blocks = ThreadTables.take(kernels);
        try {
            return decodeFrames(blocks, src, off, end, out, op);
        } finally {
            ThreadTables.giveBack(blocks);
        }
    }

    private int decodeFrames(BlockDecoder blocks, byte[] src, int off, int end, Output out, int op)
            throws ZstdFormatException {
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
                    try {
                        op = blocks.decode(src, ip, ip + b.size(), base, out.buffer, op, frameStart, out.limit,
                                contentEnd, dict, blockMax);
                    } catch (IllegalArgumentException full) {
                        // the executor's "destination too small": for a growing output, the cap
                        if (!out.growable()) {
                            throw full;
                        }
                        out.overflow(base + at);
                    }
                } else {
                    out.room(op, b.size());
                    if (contentEnd - op < b.size()) {
                        throw SequenceExecutor.moreThanDeclared(base + at);
                    }
                    if (out.limit - op < b.size()) {
                        out.overflow(base + at);
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
        private long maxOutputSize = DEFAULT_MAX_OUTPUT_SIZE;
        private ZstdDictionary dictionary;
        private Kernels kernels;

        private Builder() {
        }

        /** The largest window a frame may ask for (default {@link #DEFAULT_WINDOW_CAP}); larger ones are rejected. */
        public Builder windowCap(long bytes) {
            this.windowCap = bytes;
            return this;
        }

        /**
         * The most content the forms that return a new array may produce (default
         * {@link #DEFAULT_MAX_OUTPUT_SIZE}); more is a {@link ZstdFormatException} naming the cap.
         * Values beyond the largest Java array mean that array's size. The forms that write into a
         * caller's array or buffer, and {@link ZstdInputStream}, are bounded by their destination
         * or their window instead, and ignore this cap.
         *
         * @param bytes 0 or more
         */
        public Builder maxOutputSize(long bytes) {
            this.maxOutputSize = bytes;
            return this;
        }

        /** The dictionary frames are decoded with. */
        public Builder dictionary(ZstdDictionary dict) {
            this.dictionary = dict;
            return this;
        }

        /** Specific kernels instead of the process-wide choices (for tests and benchmarks). */
        Builder kernels(Kernels k) {
            this.kernels = k;
            return this;
        }

        /**
         * The context.
         *
         * @throws IllegalArgumentException if the window cap is below 1 KiB or above {@link #MAX_WINDOW_CAP},
         *                                  or the output cap is negative
         */
        public ZstdDecompressor build() {
            return new ZstdDecompressor(windowCap, maxOutputSize, dictionary,
                    kernels != null ? kernels : Kernels.selected());
        }
    }
}
