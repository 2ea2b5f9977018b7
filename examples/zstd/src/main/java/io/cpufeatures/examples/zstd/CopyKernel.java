package io.cpufeatures.examples.zstd;

/**
 * Copies literals and matches in the sequence loop's fast path in chunks wider than a sequence
 * usually needs (zstd's wildcopy): the loop has made sure the chunks' overrun stays inside both
 * arrays, so a kernel checks no bounds of its own and most sequences take no data-dependent
 * branch. Every kernel produces the same bytes; they differ in how wide one load and store is.
 * A kernel keeps no state (one serves every context).
 */
public interface CopyKernel {

    /** The bytes each method may write past {@code end} (and read past the source's end), at most. */
    int OVERRUN = 16;

    /**
     * Copies literals {@code src[from..]} to {@code dst[to, end)}, {@code end > to}, two arrays
     * that are not the same; may read and write up to {@link #OVERRUN} bytes more.
     */
    void copyLiterals(byte[] src, int from, byte[] dst, int to, int end);

    /**
     * Copies a match {@code out[from..]} to {@code out[to, end)}, {@code end > to}, where the
     * offset {@code to - from} is 8 or more (a nearer match repeats a pattern the loop copies
     * itself): each byte is read after any earlier byte of the match it depends on is written.
     * May write up to {@link #OVERRUN} bytes more.
     */
    void copyMatch(byte[] out, int from, int to, int end);
}
