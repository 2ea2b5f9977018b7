package io.cpufeatures.examples.raid;

import io.cpufeatures.dispatch.Implementation;

/**
 * One 64-bit word loop per source count ({@link WordXor}): no Vector API, so it runs on every JVM,
 * and C2's superword pass turns each loop into SIMD code as wide as {@code MaxVectorSize} allows.
 * Chosen by calibration against {@link ScalarXor} when neither Vector API kernel is eligible.
 */
@Implementation(name = "scalar-unrolled", description = "a 64-bit word loop per source count, left to C2's auto-vectorizer",
        priority = 1)
public final class UnrolledScalarXor extends XorByCount {

    @Override
    void gen1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        WordXor.gen1(d, dOff, a, sOff, len);
    }

    @Override
    void gen2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        WordXor.gen2(d, dOff, a, b, sOff, len);
    }

    @Override
    void gen3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        WordXor.gen3(d, dOff, a, b, c, sOff, len);
    }

    @Override
    void gen4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        WordXor.gen4(d, dOff, a, b, c, e, sOff, len);
    }

    @Override
    void into1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        WordXor.into1(d, dOff, a, sOff, len);
    }

    @Override
    void into2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        WordXor.into2(d, dOff, a, b, sOff, len);
    }

    @Override
    void into3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        WordXor.into3(d, dOff, a, b, c, sOff, len);
    }

    @Override
    void into4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        WordXor.into4(d, dOff, a, b, c, e, sOff, len);
    }
}
