package io.cpufeatures.examples.zstd;

/**
 * A block header (RFC 8878 section 3.1.1.2), validated: whether it is the frame's last block, its
 * type (0 raw, 1 RLE, 2 compressed), and its size (for RLE, the size it regenerates).
 *
 * @param last whether the frame ends after this block
 * @param type 0, 1 or 2 (3 is reserved and rejected)
 * @param size the Block_Size field
 */
record BlockHeader(boolean last, int type, int size) {

    static final int RAW = 0;
    static final int RLE = 1;
    static final int COMPRESSED = 2;

    /**
     * Decodes the 3 header bytes {@code bits} (little-endian) of a block of a frame whose blocks
     * may hold {@code blockMax} bytes.
     *
     * @throws ZstdFormatException at {@code at} for the reserved type or a size beyond {@code blockMax}
     */
    static BlockHeader of(int bits, int blockMax, long at) throws ZstdFormatException {
        int type = (bits >>> 1) & 3;
        int size = bits >>> 3;
        if (type == 3) {
            throw new ZstdFormatException(at, "block type 3 is reserved");
        }
        if (size > blockMax) {
            throw new ZstdFormatException(at, "block size " + size + " exceeds the block maximum of " + blockMax
                    + " for this frame's window");
        }
        return new BlockHeader((bits & 1) != 0, type, size);
    }

    /** The bytes of input the block's content takes: its size, or 1 for an RLE block. */
    int inputSize() {
        return type == RLE ? 1 : size;
    }
}
