package io.cpufeatures.examples.zstd;

/**
 * The three kinds of sequence symbol, each with its largest code, largest accuracy log and the
 * value each code stands for (RFC 8878 section 3.1.1.3.2.1).
 */
enum SymbolKind {
    LITERALS_LENGTH("literals length", SequenceCodes.MAX_LL, SequenceCodes.LL_MAX_LOG),
    OFFSET("offset", SequenceCodes.MAX_OF, SequenceCodes.OF_MAX_LOG),
    MATCH_LENGTH("match length", SequenceCodes.MAX_ML, SequenceCodes.ML_MAX_LOG);

    final String label;
    /** {@code label + " table"}, made once: error messages name it, and a block reads up to three tables. */
    final String tableLabel;
    final int maxSymbol;
    final int maxLog;

    SymbolKind(String label, int maxSymbol, int maxLog) {
        this.label = label;
        this.tableLabel = label + " table";
        this.maxSymbol = maxSymbol;
        this.maxLog = maxLog;
    }

    /** The value code {@code symbol} stands for before its extra bits. */
    int baseline(int symbol) {
        return switch (this) {
            case LITERALS_LENGTH -> SequenceCodes.LL_BASE[symbol];
            case MATCH_LENGTH -> SequenceCodes.ML_BASE[symbol];
            case OFFSET -> 1 << symbol;
        };
    }

    /** The number of extra bits code {@code symbol} reads. */
    int extraBits(int symbol) {
        return switch (this) {
            case LITERALS_LENGTH -> SequenceCodes.LL_BITS[symbol];
            case MATCH_LENGTH -> SequenceCodes.ML_BITS[symbol];
            case OFFSET -> symbol;
        };
    }
}
