package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;

/**
 * The kernel for CPUs with cheap variable shifts: the four streams are decoded together, five
 * symbols per stream between refills, with no branch per symbol. Each stream's container holds a
 * sentinel bit below its unread bits, as zstd's fast loop keeps it: a symbol is a shift by a
 * constant (the 11-bit index), a table load and a variable shift of the container by the entry
 * itself ({@code SHLX} where C2 emits it: JDK 25's does, JDK 17's keeps {@code SHL r, CL}); the
 * bits consumed since the last refill are the sentinel's position, one {@code TZCNT} a refill. As
 * zstd's {@code HUF_decompress4X1_usingDTable_internal_bmi2} does, it relies on BMI2, so it requires what {@code ZSTD_cpuSupportsBmi2()} requires, BMI1 (for
 * {@code TZCNT}) and BMI2, plus {@code jvm.bmi2}: C2 emits the BMI forms only with
 * {@code UseBMI1Instructions}/{@code UseBMI2Instructions}. zstd compiles these paths with
 * {@code target("lzcnt,bmi,bmi2")}, so they are also free to use LZCNT: {@code lzcnt} is required
 * too, read from CPUID (some guest kernels hide {@code abm} in /proc/cpuinfo although CPUID has it).
 */
@Implementation(name = "bmi2", description = "four streams at once, five symbols per refill, no branch per symbol",
        priority = 10)
@RequiresFeature({"bmi1", "bmi2", "lzcnt", "jvm.bmi2"})
public final class Bmi2HuffmanKernel implements HuffmanKernel {

    /**
     * Symbols per stream between refills: 5 codes of at most 11 bits and up to 8 bits read before
     * (7 after a refill, 8 in a first container) stay below the container's lowest bit, which
     * holds the sentinel.
     */
    private static final int PER_REFILL = 5;
    /** The shift that leaves a container's top 11 bits, the table index. */
    private static final int INDEX_SHIFT = 64 - HuffmanTable.LOG;

    /** A container in sentinel form: the word at {@code p} with its lowest bit set, shifted by the bits read of it. */
    private static long sentinel(byte[] src, int p, int consumed) {
        return (Bytes.readLong(src, p) | 1) << consumed;
    }

    /** Tables with a 12-bit code (which zstd's decoder accepts, beyond the RFC's 11) go the generic way. */
    private static final GenericHuffmanKernel LONG_CODES = new GenericHuffmanKernel();

    @Override
    public void decode1(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base,
            byte[] dst, int dstOff, int count) throws ZstdFormatException {
        if (table.log() != HuffmanTable.LOG) {
            LONG_CODES.decode1(table, streams, src, start, end, base, dst, dstOff, count);
            return;
        }
        BackwardBits in = streams.readers[0];
        in.init(src, start, end, base, "Huffman stream 1");
        short[] entries = table.entries();
        int o = dstOff;
        int fastEnd = dstOff + count - PER_REFILL;
        int p = in.ptr();
        if (o <= fastEnd && p - start >= 8) {
            long bits = sentinel(src, p, in.consumed());
            do {
                for (int j = 0; j < PER_REFILL; j++) {
                    int e = entries[(int) (bits >>> INDEX_SHIFT)];
                    dst[o++] = (byte) (e >>> 8);
                    bits <<= e;
                }
                int consumed = Long.numberOfTrailingZeros(bits);
                p -= consumed >>> 3;
                bits = sentinel(src, p, consumed & 7);
            } while (o <= fastEnd && p - start >= 8);
            in.resume(p, Bytes.readLong(src, p), Long.numberOfTrailingZeros(bits));
        }
        GenericHuffmanKernel.symbols(in, entries, HuffmanTable.LOG, dst, o, dstOff + count);
        in.reload();
        if (!in.finished()) {
            throw HuffmanKernel.notConsumed(base + start, 1);
        }
    }

    /**
     * The rounds that need no check: each stream needs 8 bytes at its position and moves at most 7
     * a round; stream 4 (the fewest symbols, so its bound holds the others') has {@code room4}
     * symbols left to write.
     */
    private static int safeRounds(int[] ptrs, int[] starts, int room4) {
        int rounds = room4 / PER_REFILL;
        for (int k = 0; k < 4; k++) {
            int distance = ptrs[k] - starts[k];
            rounds = Math.min(rounds, distance < 8 ? 0 : (distance - 8) / 7 + 1);
        }
        return rounds;
    }

    /**
     * Runs {@code rounds} rounds of the four streams (containers in {@code bits}, positions in
     * {@code ptrs}, both updated), writing stream k's symbols from {@code o1 + k * segment}.
     *
     * @return the new {@code o1}
     */
    private static int rounds(byte[] src, short[] entries, byte[] dst, int o1, int segment, int rounds, long[] bits,
            int[] ptrs) {
        long bits1 = bits[0];
        long bits2 = bits[1];
        long bits3 = bits[2];
        long bits4 = bits[3];
        int p1 = ptrs[0];
        int p2 = ptrs[1];
        int p3 = ptrs[2];
        int p4 = ptrs[3];
        for (; rounds > 0; rounds--) {
            for (int j = 0; j < PER_REFILL; j++) {
                int e1 = entries[(int) (bits1 >>> INDEX_SHIFT)];
                int e2 = entries[(int) (bits2 >>> INDEX_SHIFT)];
                int e3 = entries[(int) (bits3 >>> INDEX_SHIFT)];
                int e4 = entries[(int) (bits4 >>> INDEX_SHIFT)];
                int o = o1 + j;
                dst[o] = (byte) (e1 >>> 8);
                dst[o + segment] = (byte) (e2 >>> 8);
                dst[o + 2 * segment] = (byte) (e3 >>> 8);
                dst[o + 3 * segment] = (byte) (e4 >>> 8);
                // a long shifts by the low 6 bits of its count: the entry's code length
                bits1 <<= e1;
                bits2 <<= e2;
                bits3 <<= e3;
                bits4 <<= e4;
            }
            o1 += PER_REFILL;
            int c1 = Long.numberOfTrailingZeros(bits1);
            int c2 = Long.numberOfTrailingZeros(bits2);
            int c3 = Long.numberOfTrailingZeros(bits3);
            int c4 = Long.numberOfTrailingZeros(bits4);
            p1 -= c1 >>> 3;
            p2 -= c2 >>> 3;
            p3 -= c3 >>> 3;
            p4 -= c4 >>> 3;
            bits1 = sentinel(src, p1, c1 & 7);
            bits2 = sentinel(src, p2, c2 & 7);
            bits3 = sentinel(src, p3, c3 & 7);
            bits4 = sentinel(src, p4, c4 & 7);
        }
        bits[0] = bits1;
        bits[1] = bits2;
        bits[2] = bits3;
        bits[3] = bits4;
        ptrs[0] = p1;
        ptrs[1] = p2;
        ptrs[2] = p3;
        ptrs[3] = p4;
        return o1;
    }

    @Override
    public void decode4(HuffmanTable table, HuffmanStreams streams, byte[] src, int start, int end, long base,
            byte[] dst, int dstOff, int count) throws ZstdFormatException {
        if (table.log() != HuffmanTable.LOG) {
            LONG_CODES.decode4(table, streams, src, start, end, base, dst, dstOff, count);
            return;
        }
        int[] b = HuffmanKernel.streams(src, start, end, base, streams.bounds);
        BackwardBits[] all = streams.readers;
        BackwardBits in1 = all[0];
        BackwardBits in2 = all[1];
        BackwardBits in3 = all[2];
        BackwardBits in4 = all[3];
        in1.init(src, b[0], b[1], base, "Huffman stream 1");
        in2.init(src, b[1], b[2], base, "Huffman stream 2");
        in3.init(src, b[2], b[3], base, "Huffman stream 3");
        in4.init(src, b[3], b[4], base, "Huffman stream 4");
        short[] entries = table.entries();
        int segment = (count + 3) / 4;
        int o1 = dstOff;
        int o4 = o1 + 3 * segment;
        int end4 = dstOff + count;
        // Rounds of five symbols a stream. A round reads at most 5 x 11 bits, under 7 bytes, of each
        // stream, so how far each stream is from its start (and stream 4, the fewest symbols, from
        // its end) tells how many rounds need no check: they run in a loop of their own that only
        // counts them, with few enough live values for the registers; then the count is taken again.
        int[] ptrs = streams.positions;
        ptrs[0] = in1.ptr();
        ptrs[1] = in2.ptr();
        ptrs[2] = in3.ptr();
        ptrs[3] = in4.ptr();
        int rounds = safeRounds(ptrs, b, end4 - o4);
        if (rounds > 0) {
            // every stream has 8 bytes at its position: the containers can be taken in sentinel form
            long[] bits = streams.containers;
            bits[0] = sentinel(src, ptrs[0], in1.consumed());
            bits[1] = sentinel(src, ptrs[1], in2.consumed());
            bits[2] = sentinel(src, ptrs[2], in3.consumed());
            bits[3] = sentinel(src, ptrs[3], in4.consumed());
            do {
                o1 = rounds(src, entries, dst, o1, segment, rounds, bits, ptrs);
                o4 = o1 + 3 * segment;
            } while ((rounds = safeRounds(ptrs, b, end4 - o4)) > 0);
            for (int k = 0; k < 4; k++) {
                all[k].resume(ptrs[k], Bytes.readLong(src, ptrs[k]), Long.numberOfTrailingZeros(bits[k]));
            }
        }
        int o2 = o1 + segment;
        int o3 = o2 + segment;
        GenericHuffmanKernel.symbols(in1, entries, HuffmanTable.LOG, dst, o1, dstOff + segment);
        GenericHuffmanKernel.symbols(in2, entries, HuffmanTable.LOG, dst, o2, dstOff + 2 * segment);
        GenericHuffmanKernel.symbols(in3, entries, HuffmanTable.LOG, dst, o3, dstOff + 3 * segment);
        GenericHuffmanKernel.symbols(in4, entries, HuffmanTable.LOG, dst, o4, end4);
        for (int k = 0; k < 4; k++) {
            all[k].reload();
            if (!all[k].finished()) {
                throw HuffmanKernel.notConsumed(base + b[k], k + 1);
            }
        }
    }
}
