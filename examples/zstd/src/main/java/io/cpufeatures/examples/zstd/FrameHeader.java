package io.cpufeatures.examples.zstd;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * A Zstandard frame header (RFC 8878 section 3.1.1.1), validated: its size in bytes (magic
 * included), the window the frame needs, its dictionary ID (0: none), its content size if
 * declared, and whether a content checksum follows the last block.
 *
 * @param headerSize      bytes from the magic number to the first block header
 * @param windowSize      the history the decoder must keep: the window descriptor's value, or the
 *                        content size for a single-segment frame
 * @param dictionaryId    the dictionary the frame needs, 0 if it names none
 * @param contentSize     the decompressed size, if the frame declares it
 * @param hasChecksum     whether the last block is followed by 4 bytes of XXH64
 * @param singleSegment   whether the frame is one segment (its window is its content size)
 */
public record FrameHeader(int headerSize, long windowSize, long dictionaryId, OptionalLong contentSize,
        boolean hasChecksum, boolean singleSegment) {

    /** The Zstandard frame magic number, little-endian in the input. */
    public static final int MAGIC = 0xFD2FB528;

    /** The smallest window a descriptor can state (RFC 8878: 1 KB). */
    public static final long MIN_WINDOW = 1 << 10;

    private static final int[] DICT_ID_BYTES = {0, 1, 2, 4};
    private static final int[] FCS_BYTES = {0, 2, 4, 8};

    /**
     * Checks the magic number of a frame that is not skippable, at offset {@code at}.
     *
     * @throws ZstdFormatException if it is not the Zstandard frame's
     */
    static void checkMagic(int magic, long at) throws ZstdFormatException {
        if (magic != MAGIC) {
            throw new ZstdFormatException(at, String.format(Locale.ROOT, "magic number 0x%08X is not a Zstandard frame"
                    + " (0x%08X) or a skippable frame (0x184D2A50 to 0x184D2A5F)", magic, MAGIC));
        }
    }

    /**
     * Parses the header of the frame starting at {@code off} (at its magic number), reading no byte
     * at or after {@code end}. {@code base} is the offset of {@code src[0]} in the whole input, for
     * error offsets.
     *
     * @throws ZstdFormatException if the magic is wrong, the header is truncated, the reserved bit is
     *                             set, or the window exceeds {@code windowCap}
     */
    public static FrameHeader parse(byte[] src, int off, int end, long base, long windowCap) throws ZstdFormatException {
        if (end - off < 5) {
            throw new ZstdFormatException(base + off, "a frame starts with a 4-byte magic number and a header"
                    + " descriptor; only " + Math.max(0, end - off) + " byte(s) remain");
        }
        checkMagic(Bytes.readInt(src, off), base + off);
        int descriptorAt = off + 4;
        int d = src[descriptorAt] & 0xFF;
        if ((d & 0x08) != 0) {
            throw new ZstdFormatException(base + descriptorAt, "the frame header descriptor's reserved bit (bit 3)"
                    + " is set; a decoder must reject such a frame");
        }
        boolean single = (d & 0x20) != 0;
        boolean checksum = (d & 0x04) != 0;
        int dictBytes = DICT_ID_BYTES[d & 3];
        int fcsBytes = fcsBytes(d);
        int size = size(d);
        if (end - off < size) {
            throw new ZstdFormatException(base + descriptorAt, "the header descriptor 0x" + Integer.toHexString(d)
                    + " announces a " + size + "-byte frame header; only " + (end - off) + " byte(s) remain");
        }
        int p = descriptorAt + 1;
        long window = 0;
        if (!single) {
            int w = src[p] & 0xFF;
            int log = 10 + (w >>> 3);
            long windowBase = 1L << log;
            window = windowBase + (windowBase >>> 3) * (w & 7);
            if (window > windowCap) {
                throw new ZstdFormatException(base + p, "window of " + window + " bytes (descriptor 0x"
                        + Integer.toHexString(w) + ") exceeds this decoder's cap of " + windowCap + " bytes");
            }
            p++;
        }
        long dictId = readUnsigned(src, p, dictBytes);
        p += dictBytes;
        OptionalLong content = OptionalLong.empty();
        if (fcsBytes > 0) {
            long fcs = readUnsigned(src, p, fcsBytes);
            if (fcsBytes == 2) {
                fcs += 256;
            }
            if (fcs < 0) {
                throw new ZstdFormatException(base + p, "frame content size above 2^63-1 bytes is beyond any Java array or stream");
            }
            content = OptionalLong.of(fcs);
            if (single) {
                window = fcs;
                if (window > windowCap) {
                    throw new ZstdFormatException(base + p, "single-segment frame of " + window
                            + " bytes exceeds this decoder's window cap of " + windowCap + " bytes");
                }
            }
        }
        return new FrameHeader(size, window, dictId, content, checksum, single);
    }

    /** Whether {@code magic} marks a skippable frame (0x184D2A50 to 0x184D2A5F). */
    public static boolean isSkippable(int magic) {
        return (magic & 0xFFFFFFF0) == 0x184D2A50;
    }

    /** The size of a frame header, magic included, whose descriptor byte is {@code descriptor}. */
    static int size(int descriptor) {
        boolean single = (descriptor & 0x20) != 0;
        return 5 + (single ? 0 : 1) + DICT_ID_BYTES[descriptor & 3] + fcsBytes(descriptor);
    }

    private static int fcsBytes(int descriptor) {
        int flag = descriptor >>> 6;
        return flag == 0 && (descriptor & 0x20) != 0 ? 1 : FCS_BYTES[flag];
    }

    /**
     * Checks that {@code dictionary} is the one this frame names, if it names one.
     *
     * @throws ZstdFormatException at {@code at} (the frame's start) if none or another was given
     */
    void requireDictionary(ZstdDictionary dictionary, long at) throws ZstdFormatException {
        if (dictionaryId != 0 && (dictionary == null || dictionary.id() != dictionaryId)) {
            throw new ZstdFormatException(at, "the frame needs dictionary " + dictionaryId
                    + (dictionary == null ? "; none was given" : "; the one given is " + dictionary.id()));
        }
    }

    /** The most one block of this frame may hold or produce: its window, at most 128 KiB. */
    int blockMax() {
        return (int) Math.min(windowSize, BlockDecoder.MAX_BLOCK);
    }

    /**
     * Checks that the frame decoded to the content size its header declared, if it declared one.
     *
     * @throws ZstdFormatException at {@code at} (the frame's end) if it did not
     */
    void checkContentSize(long produced, long at) throws ZstdFormatException {
        if (contentSize.isPresent() && contentSize.getAsLong() != produced) {
            throw new ZstdFormatException(at, "the frame declares " + contentSize.getAsLong()
                    + " bytes of content but decodes to " + produced);
        }
    }

    /**
     * Checks the 4 checksum bytes after the last block ({@code stored}, little-endian) against the
     * XXH64 of the content: its low 32 bits must match.
     *
     * @throws ZstdFormatException at {@code at} if they do not
     */
    static void checkChecksum(int stored, long hash, long at) throws ZstdFormatException {
        if (stored != (int) hash) {
            throw new ZstdFormatException(at, String.format(Locale.ROOT, "content checksum mismatch: the frame says 0x%08x,"
                    + " the content hashes to 0x%08x", stored, (int) hash));
        }
    }

    private static long readUnsigned(byte[] b, int off, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[off + i] & 0xFF);
        }
        return v;
    }
}
