package io.cpufeatures.examples.zstd;

/**
 * Decodes compressed blocks (RFC 8878 section 3.1.1.3): the literals section, then the sequences,
 * executed as they are decoded. Holds what carries over from block to block within a frame: the
 * Huffman table (for treeless literals), the three sequence tables (for the repeat mode) and the
 * three repeat offsets. One per context; not thread-safe.
 */
final class BlockDecoder {

    /** The format's largest block, in both directions (Block_Maximum_Size). */
    static final int MAX_BLOCK = 128 << 10;
    /** The shortest match, so the least any sequence produces. */
    private static final int MIN_MATCH = 3;

    private final HuffmanKernel kernel;
    private final BackwardBits bits = new BackwardBits();
    private HuffmanTable huffman;
    private FseWorkspace workspace;
    private SequenceTable llTable;
    private SequenceTable ofTable;
    private SequenceTable mlTable;
    /** The three repeat offsets, most recent first. */
    private final int[] reps = new int[3];
    private byte[] literalBuffer = new byte[0];
    /** The bitstream state passed to and from {@link #decodeFast}. */
    private final long[] decodeState = new long[6];
    /** The output and literals positions, passed to and from {@link #executeFast}. */
    private final int[] position = new int[2];
    /** Decoded sequences, three ints each (see {@link #decodeSequences}). */
    private int[] sequences = new int[0];

    /** The literals of the block being decoded: an array, where they start, how many. */
    private byte[] lits;
    private int litPos;
    private int litEnd;

    BlockDecoder(HuffmanKernel kernel) {
        this.kernel = kernel;
    }

    /** Starts a frame: the dictionary's tables and repeat offsets, or none and {1, 4, 8}. */
    void startFrame(ZstdDictionary dict) {
        if (dict != null && dict.hasEntropy()) {
            huffmanTable().copyOf(dict.huffman());
            llTable = dict.llTable();
            ofTable = dict.ofTable();
            mlTable = dict.mlTable();
            reps[0] = dict.rep(0);
            reps[1] = dict.rep(1);
            reps[2] = dict.rep(2);
        } else {
            if (huffman != null) {
                huffman.clear();
            }
            llTable = null;
            ofTable = null;
            mlTable = null;
            reps[0] = 1;
            reps[1] = 4;
            reps[2] = 8;
        }
    }

    private FseWorkspace workspace() {
        if (workspace == null) {
            workspace = new FseWorkspace();
        }
        return workspace;
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
     * {@code blockMax} the most the block may produce. Up to {@code scratchEnd} (at most {@code limit}) the
     * decoder may write up to 15 bytes past its output, in 8-byte words: bytes a later part of the
     * frame overwrites, or that the caller does not read.
     *
     * @return the new end of the output
     * @throws ZstdFormatException      if the block is malformed
     * @throws IllegalArgumentException if {@code out} has no room for the block's output
     */
    int decode(byte[] src, int off, int end, long base, byte[] out, int op, int history, int limit, int scratchEnd,
            byte[] dict, int blockMax) throws ZstdFormatException {
        int p = literals(src, off, end, base, blockMax);
        return sequences(src, p, end, base, out, op, history, op + blockMax, limit, scratchEnd, dict);
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
            kernel.decode4(huffman, src, p, streamsEnd, base, buf, 0, regenerated);
        } else {
            kernel.decode1(huffman, src, p, streamsEnd, base, buf, 0, regenerated);
        }
        lits = buf;
        litPos = 0;
        litEnd = regenerated;
        return streamsEnd;
    }

    private byte[] literalBuffer(int size) {
        if (literalBuffer.length < size) {
            // 16 bytes more than the literals: the fast copy reads 16 bytes from a sequence's literals
            literalBuffer = new byte[Math.max(size, Math.min(MAX_BLOCK, literalBuffer.length * 2)) + 16];
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
            int limit, int scratchEnd, byte[] dict) throws ZstdFormatException {
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
        if (count > (blockEnd - op) / MIN_MATCH) {
            throw new ZstdFormatException(base + off, count + " sequences of at least " + MIN_MATCH
                    + " bytes each exceed the block maximum of " + (blockEnd - op) + " bytes");
        }
        if (count == 0) {
            if (p != end) {
                throw new ZstdFormatException(base + p, "no sequences, yet " + (end - p) + " byte(s) follow the"
                        + " sequences section header");
            }
            return copyLiterals(out, op, litEnd - litPos, blockEnd, limit, base + off);
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
        return execute(src, p, end, base, count, out, op, history, blockEnd, limit, scratchEnd, dict);
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
                t = SequenceTable.rle(code, kind);
            }
            case 2 -> {
                FseCounts counts = FseCounts.read(src, p, end, base, kind.maxSymbol, kind.maxLog, kind.label + " table");
                p += counts.bytes();
                t = SequenceTable.of(counts, kind, workspace());
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

    private SequenceTable current(SymbolKind kind) {
        return switch (kind) {
            case LITERALS_LENGTH -> llTable;
            case OFFSET -> ofTable;
            case MATCH_LENGTH -> mlTable;
        };
    }

    /** Decodes the sequences' bitstream, then executes the sequences. */
    private int execute(byte[] src, int start, int end, long base, int count, byte[] out, int op, int history,
            int blockEnd, int limit, int scratchEnd, byte[] dict) throws ZstdFormatException {
        int[] seqs = decodeSequences(src, start, end, base, count);
        return executeSequences(seqs, count, base + start, out, op, history, blockEnd, limit, scratchEnd, dict);
    }

    /**
     * Decodes {@code count} sequences from the bitstream {@code src[start, end)} into the sequence
     * buffer, three ints each: literals length, match length, offset (repeat offsets resolved).
     * The loop keeps the bit container in locals and reads each state's packed entry once; it is
     * apart from the copying so that the JIT has registers for both.
     */
    private int[] decodeSequences(byte[] src, int start, int end, long base, int count) throws ZstdFormatException {
        BackwardBits in = bits;
        in.init(src, start, end, base, "sequences bitstream");
        long[] ll = llTable.entries;
        long[] of = ofTable.entries;
        long[] ml = mlTable.entries;
        int llState = in.read(llTable.log);
        int ofState = in.read(ofTable.log);
        int mlState = in.read(mlTable.log);
        in.reload();
        if (in.overflowed()) {
            throw new ZstdFormatException(base + start, "the sequences bitstream is too short for its initial states");
        }
        int[] seqs = sequenceBuffer(count);
        int[] reps = this.reps;
        long[] state = decodeState;
        state[0] = in.bits();
        state[1] = in.consumed();
        state[2] = in.ptr();
        state[3] = llState;
        state[4] = ofState;
        state[5] = mlState;
        int i = decodeFast(src, start + 24, ll, of, ml, seqs, count - 1, reps, state);
        if (i < 0) {
            throw offsetBeyondWindow(base + start, -i - 1);
        }
        int k = 3 * i;
        llState = (int) state[3];
        ofState = (int) state[4];
        mlState = (int) state[5];
        in.resume((int) state[2], state[0], (int) state[1]);
        // Exact loop: the rest, every reload bounded by the stream's start, every bit counted.
        for (; i < count; i++, k += 3) {
            long ofE = of[ofState];
            long mlE = ml[mlState];
            long llE = ll[llState];
            int offsetValue = SequenceTable.baseline(ofE) + in.read(SequenceTable.extraBits(ofE));
            in.reload();
            int matchLength = SequenceTable.baseline(mlE) + in.read(SequenceTable.extraBits(mlE));
            int literalLength = SequenceTable.baseline(llE) + in.read(SequenceTable.extraBits(llE));
            in.reload();
            if (offsetValue <= 0) {
                throw offsetBeyondWindow(base + start, i);
            }
            seqs[k] = literalLength;
            seqs[k + 1] = matchLength;
            seqs[k + 2] = resolveOffset(reps, offsetValue, literalLength);
            if (i + 1 < count) {
                llState = SequenceTable.nextBase(llE) + in.read(SequenceTable.stateBits(llE));
                mlState = SequenceTable.nextBase(mlE) + in.read(SequenceTable.stateBits(mlE));
                ofState = SequenceTable.nextBase(ofE) + in.read(SequenceTable.stateBits(ofE));
                in.reload();
                if (in.overflowed()) {
                    throw new ZstdFormatException(base + start, "the sequences bitstream ends before sequence " + (i + 1)
                            + " of " + count);
                }
            }
        }
        in.reload();
        if (!in.finished()) {
            throw new ZstdFormatException(base + start, in.overflowed()
                    ? "the sequences bitstream is too short for its " + count + " sequences"
                    : "bits are left in the sequences bitstream after its " + count + " sequences");
        }
        return seqs;
    }

    /**
     * The fast loop of {@link #decodeSequences}: every sequence but the last, while 24 bytes of
     * stream lie below the container ({@code ptr >= fastStart}), so its (at most three) reloads
     * need no bound check and it cannot run out of bits. No call and no throw in it, and a method
     * of its own so that C2 has its registers for the loop: an offset code beyond any window just
     * ends it. The container, its consumed bits, its position and the three states come and go in
     * {@code state}.
     *
     * @return the index of the first sequence not decoded, or {@code -i - 1} if sequence {@code i}
     *         has an offset code beyond any window
     */
    private static int decodeFast(byte[] src, int fastStart, long[] ll, long[] of, long[] ml, int[] seqs, int last,
            int[] reps, long[] state) {
        long container = state[0];
        int consumed = (int) state[1];
        int ptr = (int) state[2];
        int llState = (int) state[3];
        int ofState = (int) state[4];
        int mlState = (int) state[5];
        int i = 0;
        int k = 0;
        for (; i < last && ptr >= fastStart; i++, k += 3) {
            long ofE = of[ofState];
            long mlE = ml[mlState];
            long llE = ll[llState];
            int ofBits = SequenceTable.extraBits(ofE);
            int mlBits = SequenceTable.extraBits(mlE);
            int llBits = SequenceTable.extraBits(llE);
            int offsetValue = SequenceTable.baseline(ofE) + (int) (((container << consumed) >>> 1) >>> (63 - ofBits));
            consumed += ofBits;
            boolean wide = ofBits + mlBits + llBits > 31;
            if (wide) {
                // after a reload at most 7 bits are used: 7 + 31 + the three states' 26 fit in 64; more need reloads
                ptr -= consumed >>> 3;
                consumed &= 7;
                container = Bytes.readLong(src, ptr);
            }
            int matchLength = SequenceTable.baseline(mlE) + (int) (((container << consumed) >>> 1) >>> (63 - mlBits));
            consumed += mlBits;
            int literalLength = SequenceTable.baseline(llE) + (int) (((container << consumed) >>> 1) >>> (63 - llBits));
            consumed += llBits;
            if (wide) {
                ptr -= consumed >>> 3;
                consumed &= 7;
                container = Bytes.readLong(src, ptr);
            }
            if (offsetValue <= 0) {
                i = -i - 1;
                break;
            }
            seqs[k] = literalLength;
            seqs[k + 1] = matchLength;
            seqs[k + 2] = resolveOffset(reps, offsetValue, literalLength);
            int llNb = SequenceTable.stateBits(llE);
            llState = SequenceTable.nextBase(llE) + (int) (((container << consumed) >>> 1) >>> (63 - llNb));
            consumed += llNb;
            int mlNb = SequenceTable.stateBits(mlE);
            mlState = SequenceTable.nextBase(mlE) + (int) (((container << consumed) >>> 1) >>> (63 - mlNb));
            consumed += mlNb;
            int ofNb = SequenceTable.stateBits(ofE);
            ofState = SequenceTable.nextBase(ofE) + (int) (((container << consumed) >>> 1) >>> (63 - ofNb));
            consumed += ofNb;
            ptr -= consumed >>> 3;
            consumed &= 7;
            container = Bytes.readLong(src, ptr);
        }
        state[0] = container;
        state[1] = consumed;
        state[2] = ptr;
        state[3] = llState;
        state[4] = ofState;
        state[5] = mlState;
        return i;
    }

    private static ZstdFormatException offsetBeyondWindow(long at, int i) {
        return new ZstdFormatException(at, "sequence " + i + ": offset code 31 needs a window of 2 GiB,"
                + " beyond any this decoder supports");
    }

    /**
     * The offset an offset value stands for (RFC 8878 section 3.1.1.5), updating the repeat
     * offsets {@code reps}: values above 3 are new offsets, 1 to 3 pick a repeat offset (shifted by
     * one when the sequence has no literals), the last of them being the first repeat minus one.
     */
    static int resolveOffset(int[] reps, int offsetValue, int literalLength) {
        if (offsetValue > 3) {
            int offset = offsetValue - 3;
            reps[2] = reps[1];
            reps[1] = reps[0];
            reps[0] = offset;
            return offset;
        }
        int index = offsetValue - 1 + (literalLength == 0 ? 1 : 0);
        if (index == 0) {
            return reps[0];
        }
        int offset = index == 1 ? reps[1] : index == 2 ? reps[2] : reps[0] - 1;
        if (index != 1) {
            reps[2] = reps[1];
        }
        reps[1] = reps[0];
        reps[0] = offset;
        return offset;
    }

    private int[] sequenceBuffer(int count) {
        if (sequences.length < 3 * count) {
            sequences = new int[3 * Math.max(count, Math.min(MAX_BLOCK / MIN_MATCH, sequences.length / 3 * 2))];
        }
        return sequences;
    }

    /**
     * Executes {@code count} decoded sequences: each copies its literals, then its match. Most take
     * the fast path, word copies of at least 16 bytes that may run up to 15 bytes past the sequence
     * (within {@code scratchEnd}) and read up to 15 past its literals; sequences near the end of the
     * output, overlapping by less than 8 bytes or reaching into the dictionary copy exactly.
     */
    private int executeSequences(int[] seqs, int count, long at, byte[] out, int op, int history, int blockEnd,
            int limit, int scratchEnd, byte[] dict) throws ZstdFormatException {
        byte[] l = lits;
        int lp = litPos;
        int le = litEnd;
        // a sequence is fast if its literals are there with 16 bytes to read past them, its output
        // stays within the block and 16 bytes before the scratch end, and its match starts 8 or more
        // bytes back, within this frame's output
        int litBound = Math.min(le, l.length - 16);
        int fastEnd = Math.min(blockEnd, Math.min(scratchEnd, limit) - 16);
        int[] position = this.position;
        int i = 0;
        while (true) {
            position[0] = op;
            position[1] = lp;
            i = executeFast(seqs, i, count, l, out, position, litBound, fastEnd, history);
            op = position[0];
            lp = position[1];
            if (i == count) {
                break;
            }
            int k = 3 * i;
            op = executeExactly(i, seqs[k], seqs[k + 1], seqs[k + 2], l, lp, le, at, out, op, history, blockEnd,
                    limit, dict);
            lp += seqs[k];
            i++;
        }
        litPos = lp;
        return copyLiterals(out, op, le - lp, blockEnd, limit, at);
    }

    /**
     * Executes sequences from {@code i} while they are fast (see {@link #executeSequences}); the
     * output and literals positions come and go in {@code position}. A method of its own, with no
     * call in its loop: HotSpot's compiled code saves no register across a call, so a call anywhere
     * in a loop (an arraycopy stub, an exception) makes C2 keep the loop's values on the stack.
     *
     * @return the index of the first sequence that is not fast, or {@code count}
     */
    private static int executeFast(int[] seqs, int i, int count, byte[] l, byte[] out, int[] position, int litBound,
            int fastEnd, int history) {
        int op = position[0];
        int lp = position[1];
        for (int k = 3 * i; i < count; i++, k += 3) {
            int literalLength = seqs[k];
            int matchLength = seqs[k + 1];
            int offset = seqs[k + 2];
            int e = op + literalLength;
            if (literalLength > litBound - lp || e + matchLength > fastEnd || offset < 8 || offset > e - history) {
                break;
            }
            // 16 bytes of literals and 16 of match at once, whatever the lengths (most are shorter),
            // so the common sequence takes no data-dependent branch; longer ones go on in 8-byte steps
            Bytes.copy8(l, lp, out, op);
            Bytes.copy8(l, lp + 8, out, op + 8);
            if (literalLength > 16) {
                copyWords(l, lp + 16, out, op + 16, e);
            }
            lp += literalLength;
            int from = e - offset;
            op = e + matchLength;
            Bytes.copy8(out, from, out, e);
            Bytes.copy8(out, from + 8, out, e + 8);
            if (matchLength > 16) {
                copyWords(out, from + 16, out, e + 16, op);
            }
        }
        position[0] = op;
        position[1] = lp;
        return i;
    }

    /**
     * Executes sequence {@code i} byte-exactly, with every check: the literals it needs, the room
     * for its output, its offset (zero, or before the frame and its dictionary).
     *
     * @return the new end of the output
     */
    private int executeExactly(int i, int literalLength, int matchLength, int offset, byte[] l, int lp, int le,
            long at, byte[] out, int op, int history, int blockEnd, int limit, byte[] dict) throws ZstdFormatException {
        if (literalLength > le - lp) {
            throw new ZstdFormatException(at, "sequence " + i + " copies " + literalLength
                    + " literals; only " + (le - lp) + " remain");
        }
        if (literalLength + matchLength > Math.min(blockEnd, limit) - op) {
            room(at, op, literalLength + matchLength, blockEnd, limit);
        }
        System.arraycopy(l, lp, out, op, literalLength);
        op += literalLength;
        int available = op - history;
        if (offset == 0) {
            throw new ZstdFormatException(at, "sequence " + i + ": offset 0 is invalid");
        }
        if (offset <= available) {
            return copyMatch(out, op, op - offset, matchLength);
        }
        int dictLength = dict == null ? 0 : dict.length;
        if (offset > available + dictLength) {
            throw new ZstdFormatException(at, "sequence " + i + ": offset " + offset + " reaches before"
                    + " the start of the frame" + (dictLength > 0 ? " and its dictionary" : "") + " ("
                    + available + " byte(s) decoded" + (dictLength > 0 ? ", " + dictLength + " in the dictionary" : "")
                    + ")");
        }
        int fromDict = Math.min(matchLength, offset - available);
        System.arraycopy(dict, dictLength - (offset - available), out, op, fromDict);
        op += fromDict;
        matchLength -= fromDict;
        return matchLength > 0 ? copyMatch(out, op, history, matchLength) : op;
    }

    /**
     * Copies 8-byte words from {@code src[from..]} to {@code dst[to..]} until {@code to} reaches
     * {@code end} (so up to 7 bytes past it); each word is read after the previous one is written,
     * so a source that overlaps the destination by 8 bytes or more repeats correctly.
     */
    private static void copyWords(byte[] src, int from, byte[] dst, int to, int end) {
        do {
            Bytes.copy8(src, from, dst, to);
            from += 8;
            to += 8;
        } while (to < end);
    }

    /** Copies a match of {@code length} bytes from {@code from} to {@code op}; an overlapping copy repeats the pattern. */
    private static int copyMatch(byte[] out, int op, int from, int length) {
        if (length <= op - from) {
            System.arraycopy(out, from, out, op, length);
            return op + length;
        }
        int end = op + length;
        while (op < end) {
            int n = Math.min(end - op, op - from);
            System.arraycopy(out, from, out, op, n);
            op += n;
        }
        return op;
    }

    private int copyLiterals(byte[] out, int op, int n, int blockEnd, int limit, long at) throws ZstdFormatException {
        if (n > Math.min(blockEnd, limit) - op) {
            room(at, op, n, blockEnd, limit);
        }
        System.arraycopy(lits, litPos, out, op, n);
        litPos += n;
        return op + n;
    }

    /**
     * Fails for {@code n} more bytes at {@code op}: past the block's maximum the block is malformed;
     * past the destination's end the caller gave too small a destination.
     */
    private static void room(long at, int op, int n, int blockEnd, int limit) throws ZstdFormatException {
        if (n > blockEnd - op) {
            throw new ZstdFormatException(at, "the block decompresses to more than the block maximum size");
        }
        throw destinationTooSmall(limit);
    }

    /** The error for output that would pass index {@code limit} of the caller's destination array. */
    static IllegalArgumentException destinationTooSmall(int limit) {
        return new IllegalArgumentException("destination too small: the input decompresses past index " + limit
                + " of the destination array");
    }
}
