package io.cpufeatures.examples.zstd;

/**
 * An FSE decoding table (RFC 8878 section 4.1.1): {@code 1 << log} states, each giving a symbol,
 * the number of bits to read for the next state and the baseline they are added to. Built from
 * normalized probabilities by the format's spreading rule, so encoder and decoder agree.
 */
final class FseTable {

    final int log;
    final byte[] symbol;
    final byte[] nbBits;
    final short[] nextBase;

    private FseTable(int log) {
        this.log = log;
        int size = 1 << log;
        this.symbol = new byte[size];
        this.nbBits = new byte[size];
        this.nextBase = new short[size];
    }

    /**
     * The table for {@code counts[0..symbols)} at accuracy {@code log}, built with the scratch
     * arrays of {@code work}. The counts must sum to
     * {@code 1 << log}, "less than 1" (-1) counting as 1 (as {@link FseCounts} guarantees).
     */
    static FseTable build(short[] counts, int symbols, int log, FseWorkspace work) {
        FseTable t = new FseTable(log);
        int size = 1 << log;
        int[] next = work.next;
        spread(counts, symbols, log, t.symbol, next, work.run);
        for (int u = 0; u < size; u++) {
            int s = t.symbol[u];
            int x = next[s]++;
            int bits = log - (31 - Integer.numberOfLeadingZeros(x));
            t.nbBits[u] = (byte) bits;
            t.nextBase[u] = (short) ((x << bits) - size);
        }
        return t;
    }

    /**
     * Spreads the symbols of {@code counts[0..symbols)} over the {@code 1 << log} states of
     * {@code symbol} by the format's rule ("less than 1" symbols at the top, the others stepped
     * through the rest), and sets {@code next[s]} to each symbol's first next-state counter.
     * Every alphabet of the format has fewer than 128 symbols, so a symbol fits a non-negative byte.
     * <p>
     * Done in two passes, as zstd's {@code FSE_buildDTable_internal} does: each symbol's copies are
     * laid out in order with 8-byte writes, then that sequence is stepped through the states. A
     * loop per symbol whose length is the symbol's count mispredicts its exit for nearly every
     * symbol; these loops have one trip (counts below 8) or a fixed one.
     */
    static void spread(short[] counts, int symbols, int log, byte[] symbol, int[] next, byte[] run) {
        int size = 1 << log;
        int high = size - 1;
        int filled = 0;
        for (int s = 0; s < symbols; s++) {
            int c = counts[s];
            if (c == -1) {
                symbol[high--] = (byte) s;
                next[s] = 1;
                continue;
            }
            next[s] = c;
            // the first word unconditionally (the next symbol overwrites what is past this one's
            // copies), a loop only for counts above 8: no branch on the count for most symbols
            long word = s * 0x0101010101010101L;
            Bytes.writeLong(run, filled, word);
            for (int i = 8; i < c; i += 8) {
                Bytes.writeLong(run, filled + i, word);
            }
            filled += c;
        }
        int step = (size >>> 1) + (size >>> 3) + 3;
        int mask = size - 1;
        int pos = 0;
        if (high == size - 1) {
            // no "less than 1" symbol: every step lands on a free state
            for (int i = 0; i < size; i++) {
                symbol[pos] = run[i];
                pos = (pos + step) & mask;
            }
            return;
        }
        for (int i = 0; i < filled; i++) {
            symbol[pos] = run[i];
            do {
                pos = (pos + step) & mask;
            } while (pos > high);
        }
    }

    /** A table of one state that always yields {@code symbol} and reads no bit (the RLE mode). */
    static FseTable rle(int symbol) {
        FseTable t = new FseTable(0);
        t.symbol[0] = (byte) symbol;
        return t;
    }
}
