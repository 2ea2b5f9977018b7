package io.cpufeatures.examples.zstd;

/**
 * Decodes a block's sequences bitstream (RFC 8878 section 3.1.1.3.2) and executes each sequence
 * as it is decoded, resolving repeat offsets (section 3.1.1.5) on the way. Holds the repeat
 * offsets, which carry over from block to block within a frame. One per context; not thread-safe.
 */
final class SequenceDecoder {

    /** The shortest match, so the least any sequence produces. */
    static final int MIN_MATCH = 3;

    /** For an offset below 8, how far the pattern's source moves after its first 4 bytes (zstd's dec32table). */
    private static final int[] DEC32 = {0, 1, 2, 1, 4, 4, 4, 4};
    /** For an offset below 8, how far back the source moves after 8 bytes (zstd's dec64table). */
    private static final int[] DEC64 = {8, 8, 8, 7, 8, 9, 10, 11};

    private final BackwardBits bits = new BackwardBits();
    /** The three repeat offsets, most recent first. */
    private final int[] reps = new int[3];
    /** The bitstream and output state passed to and from {@link #fused}. */
    private final long[] decodeState = new long[12];
    /** The last few sequences of a block, decoded exactly, three ints each: literals length, match length, offset. */
    private int[] sequences = new int[0];

    /** Starts a frame with these repeat offsets (1, 4, 8, or a dictionary's). */
    void startFrame(int rep0, int rep1, int rep2) {
        reps[0] = rep0;
        reps[1] = rep1;
        reps[2] = rep2;
    }

    /**
     * Decodes and executes the block's {@code count} sequences in one pass (RFC 8878 sections
     * 3.1.1.3.2 and 3.1.1.4), with the literals {@code l[lp, le)}, into {@code out} from
     * {@code op}; then copies the literals left. While the stream has 24 bytes below the container
     * and a sequence is fast (see {@link SequenceExecutor#execute}) a sequence is decoded and
     * copied in one loop iteration, with no call; a sequence that is not fast is executed exactly
     * between two runs of that loop, and the last few sequences (near the stream's start) are
     * decoded exactly into the buffer and executed by {@code executor}.
     *
     * @return the new end of the output
     */
    int decodeAndExecute(byte[] src, int start, int end, long base, int count, SequenceTable llTable,
            SequenceTable ofTable, SequenceTable mlTable, SequenceExecutor executor, CopyKernel copy, byte[] l, int lp, int le,
            byte[] out, int op, int history, int blockEnd, int limit, int contentEnd, byte[] dict)
            throws ZstdFormatException {
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
        long at = base + start;
        int[] reps = this.reps;
        long[] state = decodeState;
        state[0] = in.bits();
        state[1] = in.consumed();
        state[2] = in.ptr();
        state[3] = llState;
        state[4] = ofState;
        state[5] = mlState;
        state[6] = op;
        state[7] = lp;
        int litBound = Math.min(le, l.length - CopyKernel.OVERRUN);
        int fastEnd = Math.min(blockEnd, Math.min(contentEnd, limit) - CopyKernel.OVERRUN);
        int i = 0;
        while (true) {
            i = fused(src, start + 24, ll, of, ml, i, count - 1, reps, copy, l, out, state, litBound, fastEnd, history);
            op = (int) state[6];
            lp = (int) state[7];
            int stop = (int) state[11];
            if (stop == 0) {
                break;
            }
            if (stop == 2) {
                throw offsetBeyondWindow(at, i);
            }
            int literalLength = (int) state[8];
            op = SequenceExecutor.executeExactly(i, literalLength, (int) state[9], (int) state[10], l, lp, le, at,
                    out, op, history, blockEnd, limit, contentEnd, dict);
            lp += literalLength;
            state[6] = op;
            state[7] = lp;
            i++;
        }
        llState = (int) state[3];
        ofState = (int) state[4];
        mlState = (int) state[5];
        in.resume((int) state[2], state[0], (int) state[1]);
        int first = i;
        int[] seqs = sequenceBuffer(count - first);
        // Exact loop: the rest, every reload bounded by the stream's start, every bit counted.
        for (int k = 0; i < count; i++, k += 3) {
            long ofE = of[ofState];
            long mlE = ml[mlState];
            long llE = ll[llState];
            int offsetValue = SequenceTable.baseline(ofE) + in.read(SequenceTable.extraBits(ofE));
            in.reload();
            int matchLength = SequenceTable.baseline(mlE) + in.read(SequenceTable.extraBits(mlE));
            int literalLength = SequenceTable.baseline(llE) + in.read(SequenceTable.extraBits(llE));
            in.reload();
            if (offsetValue <= 0) {
                throw offsetBeyondWindow(at, i);
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
                    throw new ZstdFormatException(at, "the sequences bitstream ends before sequence " + (i + 1)
                            + " of " + count);
                }
            }
        }
        in.reload();
        if (!in.finished()) {
            throw new ZstdFormatException(at, in.overflowed()
                    ? "the sequences bitstream is too short for its " + count + " sequences"
                    : "bits are left in the sequences bitstream after its " + count + " sequences");
        }
        return executor.execute(seqs, first, count - first, at, l, lp, le, out, op, history, blockEnd, limit,
                contentEnd, dict);
    }

    /**
     * The fast loop of {@link #decodeAndExecute}: from sequence {@code i}, every sequence but the
     * last while 24 bytes of stream lie below the container, decoded with the container in locals
     * and, if fast, executed as {@link SequenceExecutor#execute} does (with offsets below 8 too). No call and no throw in it.
     * In {@code state}: the container, its consumed bits, its position, the three states, the
     * output and literals positions; on return also why it stopped ({@code state[11]}: 0 at the
     * stream's margin or the last sequence, 1 for a sequence that is decoded but not fast, whose
     * lengths and offset are in {@code state[8..10]}, 2 for an offset code beyond any window).
     *
     * @return the index of the first sequence not executed
     */
    private static int fused(byte[] src, int fastStart, long[] ll, long[] of, long[] ml, int i, int last,
            int[] reps, CopyKernel copy, byte[] l, byte[] out, long[] state, int litBound, int fastEnd, int history) {
        int ptr = (int) state[2];
        state[11] = 0;
        if (i >= last || ptr < fastStart) {
            return i;
        }
        long container = (Bytes.readLong(src, ptr) | 1) << state[1];
        int llState = (int) state[3];
        int ofState = (int) state[4];
        int mlState = (int) state[5];
        int op = (int) state[6];
        int lp = (int) state[7];
        for (; i < last && ptr >= fastStart; i++) {
            long ofE = of[ofState];
            long mlE = ml[mlState];
            long llE = ll[llState];
            int ofBits = SequenceTable.extraBits(ofE);
            int mlBits = SequenceTable.extraBits(mlE);
            int llBits = SequenceTable.extraBits(llE);
            int offsetValue = SequenceTable.baseline(ofE) + (int) ((container >>> 1) >>> (63 - ofBits));
            container <<= ofBits;
            boolean wide = ofBits + mlBits + llBits > 30;
            if (wide) {
                int read = Long.numberOfTrailingZeros(container);
                ptr -= read >>> 3;
                container = (Bytes.readLong(src, ptr) | 1) << (read & 7);
            }
            int matchLength = SequenceTable.baseline(mlE) + (int) ((container >>> 1) >>> (63 - mlBits));
            container <<= mlBits;
            int literalLength = SequenceTable.baseline(llE) + (int) ((container >>> 1) >>> (63 - llBits));
            container <<= llBits;
            if (wide) {
                int read = Long.numberOfTrailingZeros(container);
                ptr -= read >>> 3;
                container = (Bytes.readLong(src, ptr) | 1) << (read & 7);
            }
            if (offsetValue <= 0) {
                state[11] = 2;
                break;
            }
            int offset = resolveOffset(reps, offsetValue, literalLength);
            int llNb = SequenceTable.stateBits(llE);
            llState = SequenceTable.nextBase(llE) + (int) ((container >>> 1) >>> (63 - llNb));
            container <<= llNb;
            int mlNb = SequenceTable.stateBits(mlE);
            mlState = SequenceTable.nextBase(mlE) + (int) ((container >>> 1) >>> (63 - mlNb));
            container <<= mlNb;
            int ofNb = SequenceTable.stateBits(ofE);
            ofState = SequenceTable.nextBase(ofE) + (int) ((container >>> 1) >>> (63 - ofNb));
            container <<= ofNb;
            int read = Long.numberOfTrailingZeros(container);
            ptr -= read >>> 3;
            container = (Bytes.readLong(src, ptr) | 1) << (read & 7);
            // lengths first, as differences: op plus two lengths could pass Integer.MAX_VALUE
            int e = op + literalLength;
            // offset 0 (an invalid repeat) wraps to the largest unsigned value and fails too
            if (literalLength > litBound - lp || literalLength + matchLength > fastEnd - op
                    || Integer.compareUnsigned(offset - 1, e - history) >= 0) {
                state[8] = literalLength;
                state[9] = matchLength;
                state[10] = offset;
                state[11] = 1;
                break;
            }
            copy.copyLiterals(l, lp, out, op, e);
            lp += literalLength;
            int from = e - offset;
            op = e + matchLength;
            if (offset >= 8) {
                copy.copyMatch(out, from, e, op);
            } else {
                // zstd's ZSTD_overlapCopy8: 8 bytes of the repeating pattern, after which the
                // source lies 8 or more bytes back and word copies repeat it correctly
                out[e] = out[from];
                out[e + 1] = out[from + 1];
                out[e + 2] = out[from + 2];
                out[e + 3] = out[from + 3];
                from += DEC32[offset];
                Bytes.copy4(out, from, out, e + 4);
                from += 8 - DEC64[offset];
                if (matchLength > 8) {
                    SequenceExecutor.copyWords(out, from, out, e + 8, op);
                }
            }
        }
        state[0] = Bytes.readLong(src, ptr);
        state[1] = Long.numberOfTrailingZeros(container);
        state[2] = ptr;
        state[3] = llState;
        state[4] = ofState;
        state[5] = mlState;
        state[6] = op;
        state[7] = lp;
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
            sequences = new int[3 * Math.max(count, Math.min(BlockDecoder.MAX_BLOCK / MIN_MATCH, sequences.length / 3 * 2))];
        }
        return sequences;
    }
}
