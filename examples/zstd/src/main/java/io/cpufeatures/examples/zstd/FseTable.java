package io.cpufeatures.examples.zstd;

/**
 * FSE decoding tables (RFC 8878 section 4.1.1): {@code 1 << log} states, each packed in one
 * {@code int}: the baseline of the next state (high 16 bits), the bits to read for it, and the
 * state's symbol (low 8 bits). Built from normalized probabilities by the format's spreading rule,
 * so encoder and decoder agree, into an array the caller owns. Here they decode the Huffman
 * weights; the sequence tables are {@link SequenceTable}s, built by the same spreading.
 */
final class FseTable {

    private FseTable() {
    }

    /** The symbol of an entry. */
    static int symbol(int entry) {
        return entry & 0xFF;
    }

    /** The bits an entry reads for the next state. */
    static int stateBits(int entry) {
        return entry >>> 8 & 0xFF;
    }

    /** The baseline the next state's bits are added to. */
    static int nextBase(int entry) {
        return entry >>> 16;
    }

    /**
     * Fills {@code entries[0, 1 << log)} with the states of the table for {@code counts[0..symbols)},
     * packed as this class packs them, with the scratch arrays of {@code work}. The counts must sum
     * to {@code 1 << log}, "less than 1" (-1) counting as 1 (as {@link FseCounts} guarantees).
     */
    static void states(short[] counts, int symbols, int log, FseWorkspace work, int[] entries) {
        int size = 1 << log;
        byte[] symbol = work.symbol;
        int[] next = work.next;
        spread(counts, symbols, log, symbol, next, work.run);
        for (int u = 0; u < size; u++) {
            int s = symbol[u];
            entries[u] = transition(next[s]++, log) | s;
        }
    }

    /**
     * An entry without its symbol, for a state whose symbol's next-state counter was {@code x}:
     * the state reads {@code log - floor(log2(x))} bits and adds them to
     * {@code (x << bits) - (1 << log)}.
     */
    static int transition(int x, int log) {
        int bits = log - (31 - Integer.numberOfLeadingZeros(x));
        return ((x << bits) - (1 << log)) << 16 | bits << 8;
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
     * symbol; here the first word is written whatever the count, and the loop runs only for counts
     * above 8.
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
}
