package io.cpufeatures.examples.zstd;

/**
 * Decodes compressed blocks (RFC 8878 section 3.1.1.3): reads the literals section and the
 * sequences section's header and tables, then has the sequences decoded and executed in one pass
 * ({@link SequenceDecoder}, with {@link SequenceExecutor} for the sequences that need exact copies). Holds what carries over from block to block within a
 * frame: the Huffman table (for treeless literals), the three sequence tables (for the repeat mode)
 * and, in its sequence decoder, the three repeat offsets. One per context; not thread-safe.
 */
final class BlockDecoder {

    /** The format's largest block, in both directions (Block_Maximum_Size). */
    static final int MAX_BLOCK = 128 << 10;

    private final Kernels kernels;
    private final BackwardBits bits = new BackwardBits();
    private final SequenceDecoder sequenceDecoder = new SequenceDecoder();
    private final SequenceExecutor executor = new SequenceExecutor();
    private HuffmanTable huffman;
    private HuffmanStreams huffmanStreams;
    private FseWorkspace workspace;
    private SequenceTable llTable;
    private SequenceTable ofTable;
    private SequenceTable mlTable;
    /** Per kind, the table this context rebuilds for FSE and RLE descriptions (see {@link SequenceTable#owned}). */
    private final SequenceTable[] owned = new SequenceTable[SymbolKind.values().length];
    private byte[] literalBuffer = new byte[0];

    /** The literals of the block being decoded: an array, where they start, how many. */
    private byte[] lits;
    private int litPos;
    private int litEnd;

    BlockDecoder(Kernels kernels) {
        this.kernels = kernels;
    }

    /** The kernels this decoder decodes with. */
    Kernels kernels() {
        return kernels;
    }

    /** Starts a frame: the dictionary's tables and repeat offsets, or none and {1, 4, 8}. */
    void startFrame(ZstdDictionary dict) {
        if (dict != null && dict.hasEntropy()) {
            huffmanTable().copyOf(dict.huffman());
            llTable = dict.llTable();
            ofTable = dict.ofTable();
            mlTable = dict.mlTable();
            sequenceDecoder.startFrame(dict.rep(0), dict.rep(1), dict.rep(2));
        } else {
            if (huffman != null) {
                huffman.clear();
            }
            llTable = null;
            ofTable = null;
            mlTable = null;
            sequenceDecoder.startFrame(1, 4, 8);
        }
    }

    private FseWorkspace workspace() {
        if (workspace == null) {
            workspace = new FseWorkspace();
        }
        return workspace;
    }

    private HuffmanStreams huffmanStreams() {
        if (huffmanStreams == null) {
            huffmanStreams = new HuffmanStreams();
        }
        return huffmanStreams;
    }

    private HuffmanTable huffmanTable() {
        if (huffman == null) {
            huffman = new HuffmanTable();
        }
        return huffman;
    }

    /**
     * Decodes the compressed block {@code src[off, end)} into {@code out} from {@code op}.
     * {@code history} is where the frame's output starts in {@code out} (matches may reach back
     * to it, and before it into {@code dict} if given); {@code limit} is where {@code out} ends;
     * {@code blockMax} the most the block may produce. {@code contentEnd} is where the frame's
     * declared content ends in {@code out} ({@link Integer#MAX_VALUE} if it declares none): output
     * past it is a format error, and up to it (and {@code limit}) the decoder may write up to 15
     * bytes past its output, in 8-byte words: bytes the frame's later output overwrites or, in a
     * frame that declares no size, bytes after the content that callers are told may change.
     *
     * @return the new end of the output
     * @throws ZstdFormatException      if the block is malformed
     * @throws IllegalArgumentException if {@code out} has no room for the block's output
     */
    int decode(byte[] src, int off, int end, long base, byte[] out, int op, int history, int limit, int contentEnd,
            byte[] dict, int blockMax) throws ZstdFormatException {
        int p = literals(src, off, end, base, blockMax);
        int blockEnd = (int) Math.min((long) op + blockMax, Integer.MAX_VALUE);
        return sequences(src, p, end, base, out, op, history, blockEnd, limit, contentEnd, dict);
    }

    /** Reads the literals section; returns where the sequences section starts. */
    private int literals(byte[] src, int off, int end, long base, int blockMax) throws ZstdFormatException {
        if (off >= end) {
            throw new ZstdFormatException(base + off, "a compressed block needs a literals section header");
        }
        int h0 = src[off] & 0xFF;
        int type = h0 & 3;
        int format = (h0 >>> 2) & 3;
        if (type < 2) {
            int size;
            int header;
            switch (format) {
                case 1 -> {
                    header = 2;
                    need(off, end, header, base, "literals section header");
                    size = (h0 >>> 4) + ((src[off + 1] & 0xFF) << 4);
                }
                case 3 -> {
                    header = 3;
                    need(off, end, header, base, "literals section header");
                    size = (h0 >>> 4) + ((src[off + 1] & 0xFF) << 4) + ((src[off + 2] & 0xFF) << 12);
                }
                default -> {
                    header = 1;
                    size = h0 >>> 3;
                }
            }
            if (size > blockMax) {
                throw new ZstdFormatException(base + off, size + " literals exceed the block maximum of " + blockMax);
            }
            int p = off + header;
            if (type == 0) {
                if (end - p < size) {
                    throw new ZstdFormatException(base + off, "raw literals section of " + size + " bytes; only "
                            + (end - p) + " remain in the block");
                }
                lits = src;
                litPos = p;
                litEnd = p + size;
                return p + size;
            }
            if (p >= end) {
                throw new ZstdFormatException(base + p, "RLE literals section needs its byte");
            }
            byte[] buf = literalBuffer(size);
            java.util.Arrays.fill(buf, 0, size, src[p]);
            lits = buf;
            litPos = 0;
            litEnd = size;
            return p + 1;
        }
        int header = format < 2 ? 3 : format + 2;
        need(off, end, header, base, "compressed literals section header");
        int regenerated;
        int compressed;
        if (header == 3) {
            int v = Bytes.read24(src, off);
            regenerated = (v >>> 4) & 0x3FF;
            compressed = (v >>> 14) & 0x3FF;
        } else {
            int v = Bytes.readInt(src, off);
            if (header == 4) {
                regenerated = (v >>> 4) & 0x3FFF;
                compressed = v >>> 18;
            } else {
                regenerated = (v >>> 4) & 0x3FFFF;
                compressed = (v >>> 22) + ((src[off + 4] & 0xFF) << 10);
            }
        }
        boolean fourStreams = format != 0;
        if (regenerated > blockMax) {
            throw new ZstdFormatException(base + off, regenerated + " literals exceed the block maximum of " + blockMax);
        }
        int p = off + header;
        if (compressed > end - p) {
            throw new ZstdFormatException(base + off, "compressed literals of " + compressed + " bytes; only "
                    + (end - p) + " remain in the block");
        }
        int streamsEnd = p + compressed;
        if (type == 2) {
            p += huffmanTable().read(src, p, streamsEnd, base, bits, workspace());
        } else if (huffman == null || !huffman.loaded()) {
            throw new ZstdFormatException(base + off, "treeless literals, but no Huffman table from an earlier block"
                    + " of this frame or from the dictionary");
        }
        if (fourStreams && regenerated < 6) {
            throw new ZstdFormatException(base + off, "4-stream literals must regenerate at least 6 bytes, not " + regenerated);
        }
        byte[] buf = literalBuffer(regenerated);
        if (fourStreams) {
            kernels.huffman().decode4(huffman, huffmanStreams(), src, p, streamsEnd, base, buf, 0, regenerated);
        } else {
            kernels.huffman().decode1(huffman, huffmanStreams(), src, p, streamsEnd, base, buf, 0, regenerated);
        }
        lits = buf;
        litPos = 0;
        litEnd = regenerated;
        return streamsEnd;
    }

    private byte[] literalBuffer(int size) {
        if (literalBuffer.length < size) {
            // OVERRUN bytes more than the literals when allocated (the fast copies read up to that
            // many past a sequence's literals); a reused buffer may have fewer to spare, which litBound allows for
            literalBuffer = new byte[Math.max(size, Math.min(MAX_BLOCK, literalBuffer.length * 2)) + CopyKernel.OVERRUN];
        }
        return literalBuffer;
    }

    private static void need(int off, int end, int n, long base, String what) throws ZstdFormatException {
        if (end - off < n) {
            throw new ZstdFormatException(base + off, what + " needs " + n + " bytes; only " + (end - off) + " remain");
        }
    }

    /** Reads and executes the sequences section {@code src[off, end)}. */
    private int sequences(byte[] src, int off, int end, long base, byte[] out, int op, int history, int blockEnd,
            int limit, int contentEnd, byte[] dict) throws ZstdFormatException {
        if (off >= end) {
            throw new ZstdFormatException(base + off, "a compressed block needs a sequences section header");
        }
        int b0 = src[off] & 0xFF;
        int count;
        int p;
        if (b0 < 128) {
            count = b0;
            p = off + 1;
        } else if (b0 < 255) {
            need(off, end, 2, base, "sequences section header");
            count = ((b0 - 128) << 8) + (src[off + 1] & 0xFF);
            p = off + 2;
        } else {
            need(off, end, 3, base, "sequences section header");
            count = (src[off + 1] & 0xFF) + ((src[off + 2] & 0xFF) << 8) + 0x7F00;
            p = off + 3;
        }
        if (count > (blockEnd - op) / SequenceDecoder.MIN_MATCH) {
            throw new ZstdFormatException(base + off, count + " sequences of at least " + SequenceDecoder.MIN_MATCH
                    + " bytes each exceed the block maximum of " + (blockEnd - op) + " bytes");
        }
        if (count == 0) {
            if (p != end) {
                throw new ZstdFormatException(base + p, "no sequences, yet " + (end - p) + " byte(s) follow the"
                        + " sequences section header");
            }
            return SequenceExecutor.copyLiterals(lits, litPos, out, op, litEnd - litPos, blockEnd, limit, contentEnd,
                    base + off);
        }
        if (p >= end) {
            throw new ZstdFormatException(base + p, "the symbol compression modes byte is missing");
        }
        int modes = src[p] & 0xFF;
        if ((modes & 3) != 0) {
            throw new ZstdFormatException(base + p, "the symbol compression modes byte's reserved bits are set (0x"
                    + Integer.toHexString(modes) + ")");
        }
        p++;
        p = table(SymbolKind.LITERALS_LENGTH, modes >>> 6, src, p, end, base);
        p = table(SymbolKind.OFFSET, (modes >>> 4) & 3, src, p, end, base);
        p = table(SymbolKind.MATCH_LENGTH, (modes >>> 2) & 3, src, p, end, base);
        return execute(src, p, end, base, count, out, op, history, blockEnd, limit, contentEnd, dict);
    }

    /** Sets the table of {@code kind} for mode {@code mode}; returns the position after its description. */
    private int table(SymbolKind kind, int mode, byte[] src, int p, int end, long base) throws ZstdFormatException {
        SequenceTable t;
        switch (mode) {
            case 0 -> t = switch (kind) {
                case LITERALS_LENGTH -> SequenceTable.LL_PREDEFINED;
                case OFFSET -> SequenceTable.OF_PREDEFINED;
                case MATCH_LENGTH -> SequenceTable.ML_PREDEFINED;
            };
            case 1 -> {
                if (p >= end) {
                    throw new ZstdFormatException(base + p, kind.label + " RLE mode needs its symbol byte");
                }
                int code = src[p++] & 0xFF;
                if (code > kind.maxSymbol) {
                    throw new ZstdFormatException(base + p - 1, kind.label + " code " + code + " exceeds " + kind.maxSymbol);
                }
                t = owned(kind).rle(code, kind);
            }
            case 2 -> {
                FseWorkspace work = workspace();
                FseCounts counts = work.counts.read(src, p, end, base, kind.maxSymbol, kind.maxLog, kind.tableLabel);
                p += counts.bytes();
                t = owned(kind).fse(counts, kind, work);
            }
            default -> {
                t = current(kind);
                if (t == null) {
                    throw new ZstdFormatException(base + p, kind.label + " table in repeat mode, but no earlier table"
                            + " in this frame or dictionary");
                }
            }
        }
        switch (kind) {
            case LITERALS_LENGTH -> llTable = t;
            case OFFSET -> ofTable = t;
            case MATCH_LENGTH -> mlTable = t;
        }
        return p;
    }

    private SequenceTable owned(SymbolKind kind) {
        SequenceTable t = owned[kind.ordinal()];
        if (t == null) {
            t = SequenceTable.owned();
            owned[kind.ordinal()] = t;
        }
        return t;
    }

    private SequenceTable current(SymbolKind kind) {
        return switch (kind) {
            case LITERALS_LENGTH -> llTable;
            case OFFSET -> ofTable;
            case MATCH_LENGTH -> mlTable;
        };
    }

    /** Decodes and executes the sequences, then copies the literals left. */
    private int execute(byte[] src, int start, int end, long base, int count, byte[] out, int op, int history,
            int blockEnd, int limit, int contentEnd, byte[] dict) throws ZstdFormatException {
        return sequenceDecoder.decodeAndExecute(src, start, end, base, count, llTable, ofTable, mlTable, executor,
                kernels.copy(), lits, litPos, litEnd, out, op, history, blockEnd, limit, contentEnd, dict);
    }
}
