package io.cpufeatures.examples.zstd;

/**
 * An FSE table for one kind of sequence symbol, each state packed in one {@code long}: the
 * baseline of its code (high 32 bits), the bits and baseline of the next state, and the extra bits
 * to add. So decoding a field is one array read and two bit reads, with no second lookup by code,
 * and the sequence loop holds one array per kind instead of four (fewer registers, fewer loads).
 */
final class SequenceTable {

    /** Per kind, per code: the code's baseline and extra bits, as entries hold them. */
    private static final long[][] CODES = new long[SymbolKind.values().length][];

    static {
        for (SymbolKind kind : SymbolKind.values()) {
            long[] code = new long[kind.maxSymbol + 1];
            for (int s = 0; s <= kind.maxSymbol; s++) {
                code[s] = codeEntry(s, kind);
            }
            CODES[kind.ordinal()] = code;
        }
    }

    static final SequenceTable LL_PREDEFINED = build(SequenceCodes.LL_DEFAULT, SequenceCodes.LL_DEFAULT.length,
            SequenceCodes.LL_DEFAULT_LOG, SymbolKind.LITERALS_LENGTH, new FseWorkspace());
    static final SequenceTable OF_PREDEFINED = build(SequenceCodes.OF_DEFAULT, SequenceCodes.OF_DEFAULT.length,
            SequenceCodes.OF_DEFAULT_LOG, SymbolKind.OFFSET, new FseWorkspace());
    static final SequenceTable ML_PREDEFINED = build(SequenceCodes.ML_DEFAULT, SequenceCodes.ML_DEFAULT.length,
            SequenceCodes.ML_DEFAULT_LOG, SymbolKind.MATCH_LENGTH, new FseWorkspace());

    /** The table's accuracy: the bits of the initial state. */
    final int log;
    /** Per state: {@code baseline << 32 | nextBase << 16 | nbBits << 8 | extraBits}. */
    final long[] entries;

    private SequenceTable(int log, long[] entries) {
        this.log = log;
        this.entries = entries;
    }

    /** The extra bits of an entry. */
    static int extraBits(long entry) {
        return (int) entry & 0xFF;
    }

    /** The bits an entry reads for the next state. */
    static int stateBits(long entry) {
        return (int) entry >>> 8 & 0xFF;
    }

    /** The baseline the next state's bits are added to. */
    static int nextBase(long entry) {
        return (int) entry >>> 16;
    }

    /** The value of an entry's code before its extra bits. */
    static int baseline(long entry) {
        return (int) (entry >>> 32);
    }

    /** The table for {@code kind} read from an FSE description, built with the scratch arrays of {@code work}. */
    static SequenceTable of(FseCounts counts, SymbolKind kind, FseWorkspace work) {
        return build(counts.counts(), counts.symbols(), counts.log(), kind, work);
    }

    /** The one-state table of the RLE mode: always {@code code}, reading no state bits. */
    static SequenceTable rle(int code, SymbolKind kind) {
        return new SequenceTable(0, new long[] {codeEntry(code, kind)});
    }

    private static long codeEntry(int code, SymbolKind kind) {
        return (long) kind.baseline(code) << 32 | kind.extraBits(code);
    }

    private static SequenceTable build(short[] counts, int symbols, int log, SymbolKind kind, FseWorkspace work) {
        int size = 1 << log;
        int[] states = work.states;
        FseTable.states(counts, symbols, log, work, states);
        long[] code = CODES[kind.ordinal()];
        long[] entries = new long[size];
        for (int u = 0; u < size; u++) {
            int e = states[u];
            // the next state's base and bits stay where FseTable puts them; the symbol becomes its code's value
            entries[u] = code[FseTable.symbol(e)] | (e & ~0xFF);
        }
        return new SequenceTable(log, entries);
    }
}
