package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;

/**
 * The kernel for CPUs with cheap variable shifts: the four streams are decoded together, five
 * symbols per stream between refills, with no branch per symbol: each symbol is a shift pair
 * ({@code SHLX}/{@code SHRX} under BMI2), a table load and an add. As zstd's
 * {@code HUF_decompress4X1_usingDTable_internal_bmi2} does, it relies on BMI2, so it requires what
 * {@code ZSTD_cpuSupportsBmi2()} requires, BMI1 and BMI2, plus {@code jvm.bmi2}: C2 emits the BMI2
 * forms only with {@code UseBMI2Instructions}. zstd compiles these paths with
 * {@code target("lzcnt,bmi,bmi2")}, so they are also free to use LZCNT: {@code lzcnt} is required
 * too, read from CPUID (some guest kernels hide {@code abm} in /proc/cpuinfo although CPUID has it).
 */
@Implementation(name = "bmi2", description = "four streams at once, five symbols per refill, no branch per symbol",
        priority = 10)
@RequiresFeature({"bmi1", "bmi2", "lzcnt", "jvm.bmi2"})
public final class Bmi2HuffmanKernel implements HuffmanKernel {

    /** Symbols per stream between refills: 5 codes of at most 11 bits fit the 57 bits a refill guarantees. */
    private static final int PER_REFILL = 5;

    @Override
    public void decode1(HuffmanTable table, byte[] src, int start, int end, long base, byte[] dst, int dstOff, int count)
            throws ZstdFormatException {
        BackwardBits in = new BackwardBits();
        in.init(src, start, end, base, "Huffman stream 1");
        short[] entries = table.entries();
        int shift = 64 - table.maxBits();
        int p = in.ptr();
        long bits = in.bits();
        int c = in.consumed();
        int o = dstOff;
        int fastEnd = dstOff + count - PER_REFILL;
        while (o <= fastEnd && p - start >= 8) {
            for (int j = 0; j < PER_REFILL; j++) {
                int e = entries[(int) ((bits << c) >>> shift)];
                dst[o++] = (byte) (e >>> 4);
                c += e & 15;
            }
            p -= c >>> 3;
            c &= 7;
            bits = Bytes.readLong(src, p);
        }
        in.resume(p, bits, c);
        GenericHuffmanKernel.symbols(in, entries, table.maxBits(), dst, o, dstOff + count);
        in.reload();
        if (!in.finished()) {
            throw HuffmanKernel.notConsumed(base + start, 1);
        }
    }

    @Override
    public void decode4(HuffmanTable table, byte[] src, int start, int end, long base, byte[] dst, int dstOff, int count)
            throws ZstdFormatException {
        int[] b = HuffmanKernel.streams(src, start, end, base);
        BackwardBits in1 = new BackwardBits();
        BackwardBits in2 = new BackwardBits();
        BackwardBits in3 = new BackwardBits();
        BackwardBits in4 = new BackwardBits();
        in1.init(src, b[0], b[1], base, "Huffman stream 1");
        in2.init(src, b[1], b[2], base, "Huffman stream 2");
        in3.init(src, b[2], b[3], base, "Huffman stream 3");
        in4.init(src, b[3], b[4], base, "Huffman stream 4");
        short[] entries = table.entries();
        int shift = 64 - table.maxBits();
        int segment = (count + 3) / 4;
        int o1 = dstOff;
        int o2 = o1 + segment;
        int o3 = o2 + segment;
        int o4 = o3 + segment;
        int end4 = dstOff + count;
        long bits1 = in1.bits();
        long bits2 = in2.bits();
        long bits3 = in3.bits();
        long bits4 = in4.bits();
        int c1 = in1.consumed();
        int c2 = in2.consumed();
        int c3 = in3.consumed();
        int c4 = in4.consumed();
        int p1 = in1.ptr();
        int p2 = in2.ptr();
        int p3 = in3.ptr();
        int p4 = in4.ptr();
        int s1 = b[0];
        int s2 = b[1];
        int s3 = b[2];
        int s4 = b[3];
        // stream 4 has the fewest symbols, so its bound holds the other three's too
        while (o4 <= end4 - PER_REFILL && p1 - s1 >= 8 && p2 - s2 >= 8 && p3 - s3 >= 8 && p4 - s4 >= 8) {
            for (int j = 0; j < PER_REFILL; j++) {
                int e1 = entries[(int) ((bits1 << c1) >>> shift)];
                int e2 = entries[(int) ((bits2 << c2) >>> shift)];
                int e3 = entries[(int) ((bits3 << c3) >>> shift)];
                int e4 = entries[(int) ((bits4 << c4) >>> shift)];
                dst[o1++] = (byte) (e1 >>> 4);
                dst[o2++] = (byte) (e2 >>> 4);
                dst[o3++] = (byte) (e3 >>> 4);
                dst[o4++] = (byte) (e4 >>> 4);
                c1 += e1 & 15;
                c2 += e2 & 15;
                c3 += e3 & 15;
                c4 += e4 & 15;
            }
            p1 -= c1 >>> 3;
            p2 -= c2 >>> 3;
            p3 -= c3 >>> 3;
            p4 -= c4 >>> 3;
            c1 &= 7;
            c2 &= 7;
            c3 &= 7;
            c4 &= 7;
            bits1 = Bytes.readLong(src, p1);
            bits2 = Bytes.readLong(src, p2);
            bits3 = Bytes.readLong(src, p3);
            bits4 = Bytes.readLong(src, p4);
        }
        in1.resume(p1, bits1, c1);
        in2.resume(p2, bits2, c2);
        in3.resume(p3, bits3, c3);
        in4.resume(p4, bits4, c4);
        int log = table.maxBits();
        GenericHuffmanKernel.symbols(in1, entries, log, dst, o1, dstOff + segment);
        GenericHuffmanKernel.symbols(in2, entries, log, dst, o2, dstOff + 2 * segment);
        GenericHuffmanKernel.symbols(in3, entries, log, dst, o3, dstOff + 3 * segment);
        GenericHuffmanKernel.symbols(in4, entries, log, dst, o4, end4);
        BackwardBits[] all = {in1, in2, in3, in4};
        for (int k = 0; k < 4; k++) {
            all[k].reload();
            if (!all[k].finished()) {
                throw HuffmanKernel.notConsumed(base + b[k], k + 1);
            }
        }
    }
}
