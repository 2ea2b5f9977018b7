package io.cpufeatures.examples.zstd;

import java.util.Arrays;

/**
 * The literals' Huffman decoding table (RFC 8878 section 4.2): {@code 1 << 11} entries (4096 for
 * a table with a 12-bit code), each {@code symbol << 8 | bits}, indexed by the next 11 bits of a
 * stream whatever the longest code,
 * as zstd's fast decoder does ({@code HUF_DECODER_FAST_TABLELOG}): the index is then a shift by a
 * constant, and the code length is the low 6 bits of the entry, so a 64-bit container can be
 * shifted by the entry itself. Read from a tree description (weights sent directly or
 * FSE-compressed, the last weight implied), kept for the treeless literals of later blocks. A
 * context's table is rebuilt in place block after block; a dictionary's is only copied from.
 * Not thread-safe.
 */
final class HuffmanTable {

    /**
     * The longest code accepted: 12 bits. RFC 8878 says 11, but zstd's decoder takes tables of 12
     * ({@code HUF_TABLELOG_MAX}) and its golden dictionary {@code http-dict-missing-symbols} has one.
     */
    static final int MAX_BITS = 12;
    private static final int MAX_WEIGHTS = 255;
    /** The largest accuracy log of the FSE table that compresses the weights. */
    static final int WEIGHT_MAX_LOG = 6;

    /** The bits that index the table, unless a code is longer (then {@link #MAX_BITS}). */
    static final int LOG = 11;

    private short[] entries = new short[1 << LOG];
    /** The bits that index the current table: {@link #LOG}, or {@link #MAX_BITS} for a 12-bit code. */
    private int log = LOG;
    private final byte[] weights = new byte[MAX_WEIGHTS + 1];
    /** The symbols ordered by weight, a scratch array of {@link #build}. */
    private final byte[] sorted = new byte[MAX_WEIGHTS + 1];
    /** Per weight, how many symbols have it, a scratch array of {@link #build}. */
    private final int[] rank = new int[MAX_BITS + 2];
    /** Per weight, where its symbols go in {@link #sorted}, a scratch array of {@link #build}. */
    private final int[] position = new int[MAX_BITS + 2];
    private boolean loaded;

    /** The entries, each {@code symbol << 8 | bits} (sign-extended when read: the low 6 bits stay the length). */
    short[] entries() {
        return entries;
    }

    /** The bits that index the entries: {@link #LOG} but for tables with a 12-bit code. */
    int log() {
        return log;
    }

    /** Whether a description has been read (treeless literals need one). */
    boolean loaded() {
        return loaded;
    }

    /** Forgets the table (a new frame cannot reuse the last frame's). */
    void clear() {
        loaded = false;
    }

    /** Copies {@code other}'s table (a dictionary's, at the start of a frame). */
    void copyOf(HuffmanTable other) {
        loaded = other.loaded;
        log = other.log;
        if (entries.length < 1 << log) {
            entries = new short[1 << log];
        }
        System.arraycopy(other.entries, 0, entries, 0, 1 << log);
    }

    /**
     * Reads the tree description at {@code src[off, end)} and builds the table.
     *
     * @return the description's size in bytes
     * @throws ZstdFormatException if the description is truncated or describes no valid prefix code
     */
    int read(byte[] src, int off, int end, long base, BackwardBits bits, FseWorkspace work) throws ZstdFormatException {
        if (off >= end) {
            throw new ZstdFormatException(base + off, "Huffman tree description missing");
        }
        int header = src[off] & 0xFF;
        int count;
        int size;
        if (header < 128) {
            size = 1 + header;
            if (off + size > end) {
                throw new ZstdFormatException(base + off, "Huffman weights: " + header
                        + " bytes of FSE-compressed weights announced, " + (end - off - 1) + " remain");
            }
            count = fseWeights(src, off + 1, off + size, base, bits, work);
        } else {
            count = header - 127;
            size = 1 + (count + 1) / 2;
            if (off + size > end) {
                throw new ZstdFormatException(base + off, "Huffman weights: " + count + " direct weights need "
                        + (size - 1) + " bytes, " + (end - off - 1) + " remain");
            }
            for (int i = 0; i < count; i++) {
                int b = src[off + 1 + i / 2] & 0xFF;
                weights[i] = (byte) ((i & 1) == 0 ? b >>> 4 : b & 15);
            }
        }
        build(count, base + off);
        return size;
    }

    /** Decodes FSE-compressed weights from {@code src[off, end)}: a table, then two interleaved states. */
    private int fseWeights(byte[] src, int off, int end, long base, BackwardBits bits, FseWorkspace work)
            throws ZstdFormatException {
        FseCounts counts = work.counts.read(src, off, end, base, MAX_BITS, WEIGHT_MAX_LOG, "Huffman weights");
        int[] t = work.weightTable;
        FseTable.states(counts.counts(), counts.symbols(), counts.log(), work, t);
        bits.init(src, off + counts.bytes(), end, base, "Huffman weights");
        int state1 = bits.read(counts.log());
        int state2 = bits.read(counts.log());
        bits.reload();
        if (bits.overflowed()) {
            throw new ZstdFormatException(base + off, "Huffman weights: the bitstream is too short for its two initial states");
        }
        byte[] w = weights;
        int n = 0;
        // Fast loop, in locals: while 8 bytes lie below the container, four weights (at most 4 x 6
        // bits) cannot exhaust it, so neither state can run out of bits; the exact loop takes the end.
        int start = off + counts.bytes();
        int ptr = bits.ptr();
        if (ptr - start >= 8) {
            long container = bits.bits();
            int consumed = bits.consumed();
            while (ptr - start >= 8 && n <= MAX_WEIGHTS - 6) {
                for (int j = 0; j < 2; j++) {
                    int e1 = t[state1];
                    w[n] = (byte) FseTable.symbol(e1);
                    int nb1 = FseTable.stateBits(e1);
                    state1 = FseTable.nextBase(e1) + (int) (((container << consumed) >>> 1) >>> (63 - nb1));
                    consumed += nb1;
                    int e2 = t[state2];
                    w[n + 1] = (byte) FseTable.symbol(e2);
                    int nb2 = FseTable.stateBits(e2);
                    state2 = FseTable.nextBase(e2) + (int) (((container << consumed) >>> 1) >>> (63 - nb2));
                    consumed += nb2;
                    n += 2;
                }
                ptr -= consumed >>> 3;
                consumed &= 7;
                container = Bytes.readLong(src, ptr);
            }
            bits.resume(ptr, container, consumed);
        }
        while (true) {
            if (n > MAX_WEIGHTS - 2) {
                throw new ZstdFormatException(base + off, "Huffman weights: more than " + MAX_WEIGHTS + " weights");
            }
            int e1 = t[state1];
            w[n++] = (byte) FseTable.symbol(e1);
            state1 = FseTable.nextBase(e1) + bits.read(FseTable.stateBits(e1));
            bits.reload();
            if (bits.overflowed()) {
                w[n++] = (byte) FseTable.symbol(t[state2]);
                break;
            }
            int e2 = t[state2];
            w[n++] = (byte) FseTable.symbol(e2);
            state2 = FseTable.nextBase(e2) + bits.read(FseTable.stateBits(e2));
            bits.reload();
            if (bits.overflowed()) {
                w[n++] = (byte) FseTable.symbol(t[state1]);
                break;
            }
        }
        return n;
    }

    /** Completes the weights with the implied last one and fills the entries. */
    private void build(int count, long at) throws ZstdFormatException {
        int[] rank = this.rank;
        Arrays.fill(rank, 0);
        int total = 0;
        for (int i = 0; i < count; i++) {
            int w = weights[i];
            if (w > MAX_BITS) {
                throw new ZstdFormatException(at, "Huffman weight " + w + " of symbol " + i + " exceeds " + MAX_BITS);
            }
            rank[w]++;
            total += (1 << w) >>> 1;
        }
        if (total == 0) {
            throw new ZstdFormatException(at, "Huffman weights are all zero");
        }
        int bitsNeeded = 32 - Integer.numberOfLeadingZeros(total);
        if (bitsNeeded > MAX_BITS) {
            throw new ZstdFormatException(at, "Huffman weights need codes of " + bitsNeeded + " bits; the maximum is " + MAX_BITS);
        }
        int rest = (1 << bitsNeeded) - total;
        if (Integer.bitCount(rest) != 1) {
            throw new ZstdFormatException(at, "Huffman weights leave " + rest + " code slots for the last symbol,"
                    + " which is not a power of 2");
        }
        int last = 32 - Integer.numberOfLeadingZeros(rest);
        weights[count] = (byte) last;
        rank[last]++;
        if (rank[1] < 2 || (rank[1] & 1) != 0) {
            throw new ZstdFormatException(at, "Huffman weights: the longest codes come in an odd number ("
                    + rank[1] + "), so they cannot form a complete prefix code");
        }
        int symbols = count + 1;
        // symbols sorted by weight (a counting sort, stable), so that each weight's fills have one
        // length: a loop per symbol with a data-dependent length mispredicts about twice a symbol
        int[] position = this.position;
        position[0] = 0;
        for (int w = 1; w <= bitsNeeded; w++) {
            position[w] = position[w - 1] + rank[w - 1];
        }
        int firstNonZero = rank[0];
        byte[] sorted = this.sorted;
        for (int s = 0; s < symbols; s++) {
            sorted[position[weights[s]]++] = (byte) s;
        }
        // codes of bitsNeeded bits or fewer, each spread over 1 << (tableLog - length) entries; within a
        // weight every symbol has the same count, so the switch on it does not mispredict
        int tableLog = Math.max(LOG, bitsNeeded);
        if (entries.length < 1 << tableLog) {
            entries = new short[1 << tableLog];
        }
        log = tableLog;
        int scale = tableLog - bitsNeeded;
        int next = 0;
        int k = firstNonZero;
        for (int w = 1; w <= bitsNeeded; w++) {
            int len = 1 << (w - 1 + scale);
            int length = bitsNeeded + 1 - w;
            for (int n = rank[w]; n > 0; n--) {
                short e = (short) ((sorted[k++] & 0xFF) << 8 | length);
                switch (len) {
                    case 1 -> entries[next] = e;
                    case 2 -> {
                        entries[next] = e;
                        entries[next + 1] = e;
                    }
                    case 4 -> {
                        entries[next] = e;
                        entries[next + 1] = e;
                        entries[next + 2] = e;
                        entries[next + 3] = e;
                    }
                    default -> Arrays.fill(entries, next, next + len, e);
                }
                next += len;
            }
        }
        loaded = true;
    }
}
