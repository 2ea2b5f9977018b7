package io.cpufeatures.examples.zstd;

/**
 * An FSE table for one kind of sequence symbol, each state packed in one {@code long}: the
 * baseline of its code (high 32 bits), the bits and baseline of the next state, and the extra bits
 * to add. So decoding a field is one array read and two bit reads, with no second lookup by code,
 * and the sequence loop holds one array per kind instead of four (fewer registers, fewer loads).
 * <p>
 * The predefined tables and a dictionary's are built once, never change, and are shared between
 * contexts and threads. A context owns one more per kind ({@link #owned()}) that it rebuilds in
 * place for each FSE or RLE description, its array growing to the largest accuracy seen, so that
 * it decodes block after block without allocating tables; an owned table belongs to one context
 * and is not thread-safe. Only owned tables can be rebuilt.
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

    /** The table's accuracy: the bits of the initial state. Written only by building. */
    int log;
    /**
     * Per state (the first {@code 1 << log}): {@code baseline << 32 | nextBase << 16 | nbBits << 8 | extraBits}.
     * Written only by building.
     */
    long[] entries = new long[0];
    /** Whether this is a context's own table, which {@link #rle} and {@link #fse} may rebuild. */
    private final boolean owned;

    private SequenceTable(boolean owned) {
        this.owned = owned;
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
        return new SequenceTable(true);
    }

    /** A new, unchanging table for {@code kind} from the description {@code counts} holds (a dictionary's). */
    static SequenceTable of(FseCounts counts, SymbolKind kind, FseWorkspace work) {
        return new SequenceTable(false).build(counts.counts(), counts.symbols(), counts.log(), kind, work);
    }

    private static SequenceTable predefined(short[] counts, int log, SymbolKind kind) {
        return new SequenceTable(false).build(counts, counts.length, log, kind, new FseWorkspace());
    }

    private static long codeEntry(int code, SymbolKind kind) {
        return (long) kind.baseline(code) << 32 | kind.extraBits(code);
    }

    /**
     * Rebuilds this owned table as the one-state table of the RLE mode: always {@code code},
     * reading no state bits.
     *
     * @return this
     * @throws IllegalStateException if this is a shared table (predefined or a dictionary's)
     */
    SequenceTable rle(int code, SymbolKind kind) {
        requireOwned();
        if (entries.length == 0) {
            entries = new long[1];
        }
        entries[0] = codeEntry(code, kind);
        log = 0;
        return this;
    }

    /**
     * Rebuilds this owned table for {@code kind} from the description {@code counts} holds, with
     * the scratch arrays of {@code work}.
     *
     * @return this
     * @throws IllegalStateException if this is a shared table (predefined or a dictionary's)
     */
    SequenceTable fse(FseCounts counts, SymbolKind kind, FseWorkspace work) {
        requireOwned();
        return build(counts.counts(), counts.symbols(), counts.log(), kind, work);
    }

    private void requireOwned() {
        if (!owned) {
            throw new IllegalStateException("a predefined or dictionary sequence table is shared and never rebuilt");
        }
    }

    private SequenceTable build(short[] counts, int symbols, int log, SymbolKind kind, FseWorkspace work) {
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
