package io.cpufeatures.examples.zstd;

/**
 * Decodes a block's sequences bitstream (RFC 8878 section 3.1.1.3.2) into a buffer of
 * (literals length, match length, offset) triples, resolving repeat offsets (section 3.1.1.5) on
 * the way. Holds the repeat offsets, which carry over from block to block within a frame. One per
 * context; not thread-safe.
 */
final class SequenceDecoder {

    /** The shortest match, so the least any sequence produces. */
    static final int MIN_MATCH = 3;

    private final BackwardBits bits = new BackwardBits();
    /** The three repeat offsets, most recent first. */
    private final int[] reps = new int[3];
    /** The bitstream state passed to and from {@link #decodeFast}. */
    private final long[] decodeState = new long[6];
    /** Decoded sequences, three ints each (see {@link #decode}). */
    private int[] sequences = new int[0];

    /** Starts a frame with these repeat offsets (1, 4, 8, or a dictionary's). */
    void startFrame(int rep0, int rep1, int rep2) {
        reps[0] = rep0;
        reps[1] = rep1;
        reps[2] = rep2;
    }

    /**
     * Decodes {@code count} sequences from the bitstream {@code src[start, end)} into the sequence
     * buffer, three ints each: literals length, match length, offset (repeat offsets resolved).
     * The loop keeps the bit container in locals and reads each state's packed entry once; it is
     * apart from the copying so that the JIT has registers for both.
     */
    int[] decode(byte[] src, int start, int end, long base, int count, SequenceTable llTable, SequenceTable ofTable,
            SequenceTable mlTable) throws ZstdFormatException {
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
     * The fast loop of {@link #decode}: every sequence but the last, while 24 bytes of
     * stream lie below the container ({@code ptr >= fastStart}), so its (at most three) reloads
     * need no bound check and it cannot run out of bits. No call and no throw in it, and a method
     * of its own so that C2 has its registers for the loop: an offset code beyond any window just
     * ends it. The container (the 8 bytes at its position), its consumed bits, its position and the
     * three states come and go in {@code state}.
     *
     * @return the index of the first sequence not decoded, or {@code -i - 1} if sequence {@code i}
     *         has an offset code beyond any window
     */
    private static int decodeFast(byte[] src, int fastStart, long[] ll, long[] of, long[] ml, int[] seqs, int last,
            int[] reps, long[] state) {
        // The container in sentinel form, as the bmi2 Huffman kernel keeps it: the 8 bytes at ptr
        // with their lowest bit set, shifted left by the bits read; a field is a constant and a
        // variable shift, reading it a shift of the container, and the bits read since the last
        // refill are where the sentinel now is. A refill comes before 64 bits are read: fields of
        // at most 30 extra bits and the three states' 26 take at most 63 with the 7 left over.
        int ptr = (int) state[2];
        if (last <= 0 || ptr < fastStart) {
            return 0;
        }
        long container = (Bytes.readLong(src, ptr) | 1) << state[1];
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
                i = -i - 1;
                break;
            }
            seqs[k] = literalLength;
            seqs[k + 1] = matchLength;
            seqs[k + 2] = resolveOffset(reps, offsetValue, literalLength);
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
        }
        state[0] = Bytes.readLong(src, ptr);
        state[1] = Long.numberOfTrailingZeros(container);
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
            sequences = new int[3 * Math.max(count, Math.min(BlockDecoder.MAX_BLOCK / MIN_MATCH, sequences.length / 3 * 2))];
        }
        return sequences;
    }
}
