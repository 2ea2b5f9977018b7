package io.cpufeatures.examples.benchmarks;

import java.util.Random;

/**
 * Byte arrays whose data at {@link #ALIGNED_OFFSET} starts on a 64-byte boundary, as the native
 * anchor's {@code aligned_alloc(4096, ...)} buffers do. Java cannot align a heap array, but G1
 * places an array of at least half a region (a "humongous" object) at the start of a region, so
 * with the 16-byte array header the data at offset 48 is 64-byte aligned. 8 MiB is humongous for
 * every region size up to 16 MiB, that is for heaps below 32 GiB (G1 picks heap/2048, rounded down
 * to a power of two).
 */
final class AlignedBuffers {

    /** Bytes per array: humongous in G1 for every default region size on this machine. */
    static final int ARRAY_BYTES = 8 << 20;

    /** The first 64-byte aligned index: region start + 16-byte header + 48. */
    static final int ALIGNED_OFFSET = 48;

    private AlignedBuffers() {
    }

    /** {@code count} arrays of {@link #ARRAY_BYTES} random bytes. */
    static byte[][] random(int count, long seed) {
        Random random = new Random(seed);
        byte[][] arrays = new byte[count][ARRAY_BYTES];
        for (byte[] a : arrays) {
            random.nextBytes(a);
        }
        return arrays;
    }

    /** The first {@code n} of {@code arrays}. */
    static byte[][] first(byte[][] arrays, int n) {
        byte[][] out = new byte[n][];
        System.arraycopy(arrays, 0, out, 0, n);
        return out;
    }
}
