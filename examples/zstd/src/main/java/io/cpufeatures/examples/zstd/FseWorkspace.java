package io.cpufeatures.examples.zstd;

/**
 * Scratch arrays for building FSE tables, sized for the largest (accuracy log 9, 53 symbols), so
 * that a context builds its tables block after block without allocating them again. One per
 * context; not thread-safe.
 */
final class FseWorkspace {

    private static final int MAX_LOG = 9;
    private static final int MAX_SYMBOLS = 64;

    /** The symbol of each state. */
    final byte[] symbol = new byte[1 << MAX_LOG];
    /** Each symbol's next-state counter. */
    final int[] next = new int[MAX_SYMBOLS];
    /** The states of the table being built, before {@link SequenceTable} repacks them. */
    final int[] states = new int[1 << MAX_LOG];
    /** The symbols' copies laid out in order, with 8 bytes of slack for word writes. */
    final byte[] run = new byte[(1 << MAX_LOG) + 8];
}
