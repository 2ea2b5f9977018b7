package io.cpufeatures.examples.zstd;

/**
 * An FSE table for one kind of sequence symbol, with each state's value ready: the baseline of its
 * code, the extra bits to add, and the bits and baseline of the next state. So decoding a field is
 * two array reads and a bit read, with no second lookup by code.
 */
final class SequenceTable {

    static final SequenceTable LL_PREDEFINED = predefined(SymbolKind.LITERALS_LENGTH, SequenceCodes.LL_DEFAULT,
            SequenceCodes.LL_DEFAULT_LOG);
    static final SequenceTable OF_PREDEFINED = predefined(SymbolKind.OFFSET, SequenceCodes.OF_DEFAULT,
            SequenceCodes.OF_DEFAULT_LOG);
    static final SequenceTable ML_PREDEFINED = predefined(SymbolKind.MATCH_LENGTH, SequenceCodes.ML_DEFAULT,
            SequenceCodes.ML_DEFAULT_LOG);

    final int log;
    final int[] value;
    final byte[] extra;
    final byte[] nbBits;
    final short[] next;

    private SequenceTable(FseTable t, SymbolKind kind) {
        int size = 1 << t.log;
        this.log = t.log;
        this.value = new int[size];
        this.extra = new byte[size];
        this.nbBits = t.nbBits;
        this.next = t.nextBase;
        for (int u = 0; u < size; u++) {
            int code = t.symbol[u] & 0xFF;
            value[u] = kind.baseline(code);
            extra[u] = (byte) kind.extraBits(code);
        }
    }

    /** The table for {@code kind} read from an FSE description. */
    static SequenceTable of(FseCounts counts, SymbolKind kind) {
        return new SequenceTable(FseTable.build(counts.counts(), counts.symbols(), counts.log()), kind);
    }

    /** The one-state table of the RLE mode: always {@code code}. */
    static SequenceTable rle(int code, SymbolKind kind) {
        return new SequenceTable(FseTable.rle(code), kind);
    }

    private static SequenceTable predefined(SymbolKind kind, short[] counts, int log) {
        return new SequenceTable(FseTable.build(counts, counts.length, log), kind);
    }
}
