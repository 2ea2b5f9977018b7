package io.cpufeatures.examples.zstd;

/**
 * Executes decoded sequences (RFC 8878 section 3.1.1.4): literals, then a match copied from the
 * output already produced or, before it, the dictionary's content. One per context; not
 * thread-safe.
 */
final class SequenceExecutor {

    /** The output and literals positions, passed to and from {@link #executeFast}. */
    private final int[] position = new int[2];

    /**
     * Executes {@code count} decoded sequences with the literals {@code l[lp, le)}: each copies its
     * literals, then its match; the literals left after the last are copied too. Most take
     * the fast path, word copies of at least 16 bytes that may run up to 15 bytes past the sequence
     * (within {@code contentEnd} and {@code limit}) and read up to 16 past its literals; sequences near the end of the
     * output, overlapping by less than 8 bytes or reaching into the dictionary copy exactly.
     */
    int execute(int[] seqs, int first, int count, long at, byte[] l, int lp, int le, byte[] out, int op, int history,
            int blockEnd, int limit, int contentEnd, byte[] dict) throws ZstdFormatException {
        // a sequence is fast if its literals are there with 16 bytes to read past them, its output
        // stays within the block and 16 bytes before the scratch end, and its match starts 8 or more
        // bytes back, within this frame's output
        int litBound = Math.min(le, l.length - CopyKernel.OVERRUN);
        int fastEnd = Math.min(blockEnd, Math.min(contentEnd, limit) - CopyKernel.OVERRUN);
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
            op = executeExactly(first + i, seqs[k], seqs[k + 1], seqs[k + 2], l, lp, le, at, out, op, history, blockEnd,
                    limit, contentEnd, dict);
            lp += seqs[k];
            i++;
        }
        return copyLiterals(l, lp, out, op, le - lp, blockEnd, limit, contentEnd, at);
    }

    /**
     * Executes sequences from {@code i} while they are fast (see {@link #execute}); the
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
            // lengths first, as differences: op plus two lengths could pass Integer.MAX_VALUE
            if (literalLength > litBound - lp || literalLength + matchLength > fastEnd - op) {
                break;
            }
            int e = op + literalLength;
            if (offset < 8 || offset > e - history) {
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
    static int executeExactly(int i, int literalLength, int matchLength, int offset, byte[] l, int lp, int le,
            long at, byte[] out, int op, int history, int blockEnd, int limit, int contentEnd, byte[] dict)
            throws ZstdFormatException {
        if (literalLength > le - lp) {
            throw new ZstdFormatException(at, "sequence " + i + " copies " + literalLength
                    + " literals; only " + (le - lp) + " remain");
        }
        if (literalLength + matchLength > Math.min(blockEnd, limit) - op) {
            room(at, op, literalLength + matchLength, blockEnd, limit, contentEnd);
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
    static void copyWords(byte[] src, int from, byte[] dst, int to, int end) {
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

    /** Copies the {@code n} literals at {@code l[lp]} to {@code op}; returns the new end of the output. */
    static int copyLiterals(byte[] l, int lp, byte[] out, int op, int n, int blockEnd, int limit, int contentEnd,
            long at) throws ZstdFormatException {
        if (n > Math.min(blockEnd, limit) - op) {
            room(at, op, n, blockEnd, limit, contentEnd);
        }
        System.arraycopy(l, lp, out, op, n);
        return op + n;
    }

    /**
     * Fails for {@code n} more bytes at {@code op}: past the block's maximum or the frame's declared
     * content the input is malformed; past the destination's end the caller gave too small a
     * destination.
     */
    private static void room(long at, int op, int n, int blockEnd, int limit, int contentEnd)
            throws ZstdFormatException {
        if (n > blockEnd - op) {
            throw new ZstdFormatException(at, "the block decompresses to more than the block maximum size");
        }
        if (n > contentEnd - op) {
            throw moreThanDeclared(at);
        }
        throw destinationTooSmall(limit);
    }

    /** The error for a frame whose content runs past the size its header declares. */
    static ZstdFormatException moreThanDeclared(long at) {
        return new ZstdFormatException(at, "the frame decodes to more than the content size its header declares");
    }

    /** The error for output that would pass index {@code limit} of the caller's destination array. */
    static IllegalArgumentException destinationTooSmall(int limit) {
        return new IllegalArgumentException("destination too small: the input decompresses past index " + limit
                + " of the destination array");
    }
}
