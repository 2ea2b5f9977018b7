package io.cpufeatures.examples.raid;

import java.util.Random;

/**
 * The calibration round of every kernel, as Linux {@code do_xor_speed} measures: one page,
 * {@code dest ^= src} (the kernel's {@code do_2}), both buffers private to the kernel being timed.
 */
final class CalibrationBuffers {

    /** Bytes per round: a 4 KiB page, the kernel's {@code BENCH_SIZE}. */
    static final int SIZE = 4096;

    private final byte[] dest = new byte[SIZE];
    private final byte[][] src = {new byte[SIZE]};

    CalibrationBuffers() {
        new Random(SIZE).nextBytes(src[0]);
    }

    void run(XorKernel kernel) {
        kernel.into(dest, 0, src, 0, SIZE);
    }
}
