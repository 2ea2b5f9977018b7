package io.cpufeatures.examples.raid;

import static jdk.incubator.vector.VectorOperators.XOR;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * XOR in 512-bit vectors through the Vector API: one loop per source count, byte-array loads that
 * C2 intrinsifies on JDK 17 and 25, and XOR chains C2 fuses into {@code vpternlogq} (three inputs
 * per instruction); the tail shorter than a vector goes to {@link WordXor}. Forced when eligible,
 * as Linux forces {@code xor_block_avx512} when AVX512F and OSXSAVE are set and PREFER_YMM is not
 * ("lib/raid/xor: x86: Add AVX-512 optimized xor_gen()"). The kernel's code works on quadwords and
 * needs AVX512F; these are byte vectors, which C2 compiles 512 bits wide only with AVX-512BW, hence
 * {@code avx512-narrow-lanes}: {@code avx512bw} (usable only when XCR0 enables
 * OPMASK|ZMM_Hi256|Hi16_ZMM, the check that patch's review asked for) and {@code jvm.vector512} (C2
 * compiles 512-bit species, {@code MaxVectorSize} 64). Without either, on Knights Landing's AVX-512F
 * without BW as under {@code MaxVectorSize=32}, the Vector API falls back to Java code about 100
 * times slower than scalar.
 */
@Implementation(name = "vector512", description = "Vector API, 512-bit ByteVector, a loop per source count", priority = 20, bestWhenEligible = true)
@RequiresFeature(value = "avx512-narrow-lanes", absent = "prefer_ymm")
public final class Vector512Xor extends XorByCount {

    private static final VectorSpecies<Byte> S = ByteVector.SPECIES_512;
    private static final int STEP = 64;

    @Override
    void gen1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, a, sOff + i)
                    .intoArray(d, dOff + i);
        }
        WordXor.gen1(d, dOff + i, a, sOff + i, len - i);
    }

    @Override
    void gen2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, a, sOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.gen2(d, dOff + i, a, b, sOff + i, len - i);
    }

    @Override
    void gen3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, a, sOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, c, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.gen3(d, dOff + i, a, b, c, sOff + i, len - i);
    }

    @Override
    void gen4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, a, sOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, c, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, e, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.gen4(d, dOff + i, a, b, c, e, sOff + i, len - i);
    }

    @Override
    void into1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, d, dOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, a, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.into1(d, dOff + i, a, sOff + i, len - i);
    }

    @Override
    void into2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, d, dOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, a, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.into2(d, dOff + i, a, b, sOff + i, len - i);
    }

    @Override
    void into3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, d, dOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, a, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, c, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.into3(d, dOff + i, a, b, c, sOff + i, len - i);
    }

    @Override
    void into4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        int i = 0;
        for (int bound = len - STEP; i <= bound; i += STEP) {
            ByteVector.fromArray(S, d, dOff + i)
                    .lanewise(XOR, ByteVector.fromArray(S, a, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, b, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, c, sOff + i))
                    .lanewise(XOR, ByteVector.fromArray(S, e, sOff + i))
                    .intoArray(d, dOff + i);
        }
        WordXor.into4(d, dOff + i, a, b, c, e, sOff + i, len - i);
    }
}
