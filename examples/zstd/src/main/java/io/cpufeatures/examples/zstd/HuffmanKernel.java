package io.cpufeatures.examples.zstd;

/**
 * Decodes Huffman-coded literals (RFC 8878 section 4.2.2): one stream, or four whose sizes a
 * 6-byte jump table gives, each a backward bitstream. Every kernel decodes identically and reports
 * a stream that is not consumed to its last bit, no more, no less, as corrupt. A kernel keeps no
 * state of its own (one serves every context); it reads the table and decodes with the context's
 * {@link HuffmanStreams}, which it overwrites.
 */
public interface HuffmanKernel {

    /**
     * Decodes {@code count} symbols of the single stream {@code src[start, end)} into
     * {@code dst[dstOff..]}.
     *
     * @throws ZstdFormatException if the stream is malformed or not exactly consumed
     */
    void decode1(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base, byte[] dst,
            int dstOff, int count)
            throws ZstdFormatException;

    /**
     * Decodes {@code count} (at least 6) symbols of the four streams in {@code src[start, end)}
     * (jump table first) into {@code dst[dstOff..]}: streams 1 to 3 yield {@code (count + 3) / 4}
     * symbols each, stream 4 the rest.
     *
     * @throws ZstdFormatException if the jump table does not fit or a stream is malformed or not exactly consumed
     */
    void decode4(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base, byte[] dst,
            int dstOff, int count)
            throws ZstdFormatException;

    /**
     * Puts the four streams' bounds from the jump table in {@code b} (starts, then {@code end});
     * checked to lie within {@code [start + 6, end)} and be non-empty.
     *
     * @return {@code b}
     */
    static int[] streams(byte[] src, int start, int end, long base, int[] b) throws ZstdFormatException {
        if (end - start < 10) {
            throw new ZstdFormatException(base + start, "4-stream literals need a 6-byte jump table and 4 non-empty"
                    + " streams; only " + (end - start) + " bytes");
        }
        int s1 = Bytes.readShort(src, start);
        int s2 = Bytes.readShort(src, start + 2);
        int s3 = Bytes.readShort(src, start + 4);
        int s4 = end - start - 6 - s1 - s2 - s3;
        if (s1 == 0 || s2 == 0 || s3 == 0 || s4 < 1) {
            throw new ZstdFormatException(base + start, "jump table gives streams of " + s1 + ", " + s2 + ", " + s3
                    + " and " + s4 + " bytes in " + (end - start - 6) + ": each must be at least 1");
        }
        b[0] = start + 6;
        b[1] = b[0] + s1;
        b[2] = b[1] + s2;
        b[3] = b[2] + s3;
        b[4] = end;
        return b;
    }

    /** The error for stream {@code n} (1-based) of a literals section not being consumed exactly. */
    static ZstdFormatException notConsumed(long at, int n) {
        return new ZstdFormatException(at, "Huffman stream " + n + " does not end exactly where its symbols do");
    }
}
