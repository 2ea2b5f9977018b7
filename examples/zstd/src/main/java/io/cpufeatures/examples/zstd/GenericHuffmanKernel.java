package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Implementation;

/**
 * The portable kernel: one stream after the other, a table lookup per symbol and a branch per
 * symbol to refill the bit container when fewer than a code's bits are left. Runs on any CPU.
 */
@Implementation(name = "generic", description = "a stream at a time, a refill check per symbol")
public final class GenericHuffmanKernel implements HuffmanKernel {

    /** The streams' names in error messages, made once rather than per stream decoded. */
    private static final String[] STREAM_LABELS = {"Huffman stream 1", "Huffman stream 2", "Huffman stream 3",
        "Huffman stream 4"};

    @Override
    public void decode1(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base,
            byte[] dst, int dstOff, int count) throws ZstdFormatException {
        stream(table, streams, src, start, end, base, dst, dstOff, count, 1);
    }

    @Override
    public void decode4(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base,
            byte[] dst, int dstOff, int count) throws ZstdFormatException {
        int[] b = HuffmanKernel.streams(src, start, end, base, streams.bounds);
        int segment = (count + 3) / 4;
        for (int k = 0; k < 4; k++) {
            int n = k < 3 ? segment : count - 3 * segment;
            stream(table, streams, src, b[k], b[k + 1], base, dst, dstOff + k * segment, n, k + 1);
        }
    }

    private static void stream(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base,
            byte[] dst, int off, int count, int n) throws ZstdFormatException {
        BackwardBits bits = streams.readers[n - 1];
        bits.init(src, start, end, base, STREAM_LABELS[n - 1]);
        symbols(bits, table.entries(), table.log(), dst, off, off + count);
        bits.reload();
        if (!bits.finished()) {
            throw HuffmanKernel.notConsumed(base + start, n);
        }
    }

    /**
     * Decodes symbols into {@code dst[from, to)}, refilling the container when fewer bits than the
     * longest code remain: the generic loop, and the bmi2 kernel's tail.
     */
    static void symbols(BackwardBits in, short[] entries, int log, byte[] dst, int from, int to) {
        int budget = 0;
        for (int o = from; o < to; o++) {
            if (budget < log) {
                in.reload();
                budget = 56;
            }
            int e = entries[in.peek(log)];
            dst[o] = (byte) (e >>> 8);
            in.skip(e & 0x3F);
            budget -= e & 0x3F;
        }
    }
}
