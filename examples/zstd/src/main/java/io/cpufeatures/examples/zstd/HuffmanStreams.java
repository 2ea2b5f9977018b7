package io.cpufeatures.examples.zstd;

/**
 * What a {@link HuffmanKernel} decodes a literals section with, besides the table: the four stream
 * readers, the streams' bounds from the jump table, and the four-stream loop's containers and
 * positions. One per context, so that literals are decoded block after block without allocating;
 * not thread-safe.
 */
final class HuffmanStreams {

    /** The stream readers, one per stream (a 1-stream section uses the first). */
    final BackwardBits[] readers = {new BackwardBits(), new BackwardBits(), new BackwardBits(), new BackwardBits()};
    /** The four streams' starts, then the section's end (see {@link HuffmanKernel#streams}). */
    final int[] bounds = new int[5];
    /** The four-stream loop's containers, passed to and from its method. */
    final long[] containers = new long[4];
    /** The four-stream loop's positions, passed to and from its method. */
    final int[] positions = new int[4];
}
