package io.cpufeatures.examples.zstd;

/**
 * Scratch for reading and building FSE tables, sized for the largest (accuracy log 9, 53 symbols),
 * so that a context reads and builds its tables block after block without allocating them again.
 * One per context; not thread-safe.
 */
final class FseWorkspace {

    private static final int MAX_LOG = 9;

    /** The reader of table descriptions, holding the last one read. */
    final FseCounts counts = new FseCounts();
    /** The symbol of each state. */
    final byte[] symbol = new byte[1 << MAX_LOG];
    /** Each symbol's next-state counter. */
    final int[] next = new int[FseCounts.MAX_SYMBOLS];
    /** The table that decodes the Huffman weights (accuracy log 6 at most). */
    final int[] weightTable = new int[1 << HuffmanTable.WEIGHT_MAX_LOG];
    /** The symbols' copies laid out in order, with 8 bytes of slack for word writes. */
    final byte[] run = new byte[(1 << MAX_LOG) + 8];
}
