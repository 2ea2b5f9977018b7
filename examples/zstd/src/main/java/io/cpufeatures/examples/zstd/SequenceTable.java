package io.cpufeatures.examples.zstd;

/**
 * An FSE table for one kind of sequence symbol, each state packed in one {@code long}: the
 * baseline of its code (high 32 bits), the bits and baseline of the next state, and the extra bits
 * to add. So decoding a field is one array read and two bit reads, with no second lookup by code,
 * and the sequence loop holds one array per kind instead of four (fewer registers, fewer loads).
 * <p>
 * The predefined tables and a dictionary's are built once and never change. A context owns one
 * more per kind ({@link #owned()}) that it rebuilds in place for each FSE or RLE description, its
 * array growing to the largest accuracy seen: a context decodes block after block without
 * allocating tables. Not thread-safe.
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

    static final SequenceTable LL_PREDEFINED = predefined(SequenceCodes.LL_DEFAULT, SequenceCodes.LL_DEFAULT_LOG,
            SymbolKind.LITERALS_LENGTH);
    static final SequenceTable OF_PREDEFINED = predefined(SequenceCodes.OF_DEFAULT, SequenceCodes.OF_DEFAULT_LOG,
            SymbolKind.OFFSET);
    static final SequenceTable ML_PREDEFINED = predefined(SequenceCodes.ML_DEFAULT, SequenceCodes.ML_DEFAULT_LOG,
            SymbolKind.MATCH_LENGTH);

    /** The table's accuracy: the bits of the initial state. */
    int log;
    /** Per state (the first {@code 1 << log}): {@code baseline << 32 | nextBase << 16 | nbBits << 8 | extraBits}. */
    long[] entries = new long[0];

    private SequenceTable() {
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

    /** A context's own table, empty until {@link #fse} or {@link #rle} builds it. */
    static SequenceTable owned() {
        return new SequenceTable();
    }

    /** A new table for {@code kind} from the description {@code counts} holds (a dictionary's). */
    static SequenceTable of(FseCounts counts, SymbolKind kind, FseWorkspace work) {
        return new SequenceTable().fse(counts, kind, work);
    }

    private static SequenceTable predefined(short[] counts, int log, SymbolKind kind) {
        FseWorkspace work = new FseWorkspace();
        return new SequenceTable().fse(counts, counts.length, log, kind, work);
    }

    private static long codeEntry(int code, SymbolKind kind) {
        return (long) kind.baseline(code) << 32 | kind.extraBits(code);
    }

    /**
     * Rebuilds this table as the one-state table of the RLE mode: always {@code code}, reading no
     * state bits. Only for a context's own table.
     *
     * @return this
     */
    SequenceTable rle(int code, SymbolKind kind) {
        if (entries.length == 0) {
            entries = new long[1];
        }
        entries[0] = codeEntry(code, kind);
        log = 0;
        return this;
    }

    /**
     * Rebuilds this table for {@code kind} from the description {@code counts} holds, with the
     * scratch arrays of {@code work}. Only for a context's own table.
     *
     * @return this
     */
    SequenceTable fse(FseCounts counts, SymbolKind kind, FseWorkspace work) {
        return fse(counts.counts(), counts.symbols(), counts.log(), kind, work);
    }

    private SequenceTable fse(short[] counts, int symbols, int log, SymbolKind kind, FseWorkspace work) {
        int size = 1 << log;
        byte[] symbol = work.symbol;
        int[] next = work.next;
        FseTable.spread(counts, symbols, log, symbol, next, work.run);
        if (entries.length < size) {
            entries = new long[size];
        }
        long[] code = CODES[kind.ordinal()];
        long[] e = entries;
        for (int u = 0; u < size; u++) {
            int s = symbol[u];
            // the next state's base and bits as FseTable packs them; the symbol becomes its code's value
            e[u] = code[s] | FseTable.transition(next[s]++, log);
        }
        this.log = log;
        return this;
    }
}
