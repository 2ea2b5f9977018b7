package io.cpufeatures.examples.raid;

import static jdk.incubator.vector.VectorOperators.XOR;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * XOR in 256-bit vectors through the Vector API, as {@link Vector512Xor} but with half the width:
 * for AVX2 CPUs, and for AVX-512 CPUs that Linux marks PREFER_YMM (Skylake-SP to Tiger Lake lower
 * their clock on 512-bit instructions). Forced when eligible and {@code vector512} is not, as
 * Linux forces {@code xor_block_avx} when AVX and OSXSAVE are set; {@code jvm.vector256} requires
 * C2 to compile 256-bit species. The loops repeat {@link Vector512Xor}'s with another species on
 * purpose: C2 intrinsifies a Vector API call only when its species is a constant, which a
 * {@code static final} per class guarantees and a species passed in a field does not.
 */
@Implementation(name = "vector256", description = "Vector API, 256-bit ByteVector, a loop per source count", priority = 10, bestWhenEligible = true)
@RequiresFeature({"avx2", "jvm.vector256"})
public final class Vector256Xor extends XorByCount {

    private static final VectorSpecies<Byte> S = ByteVector.SPECIES_256;
    private static final int STEP = 32;

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
