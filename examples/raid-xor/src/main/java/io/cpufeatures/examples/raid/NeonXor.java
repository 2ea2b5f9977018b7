package io.cpufeatures.examples.raid;

import static jdk.incubator.vector.VectorOperators.XOR;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * XOR in 128-bit vectors through the Vector API, for AArch64's Advanced SIMD (NEON): the width of
 * Linux's arm64 {@code xor_block_inner_neon} ({@code arch/arm64/lib/xor-neon.c}, four 128-bit
 * registers an iteration), with {@link Vector256Xor}'s loops. Requires {@code asimd} and
 * {@code jvm.vector128}: C2 compiles 128-bit species on NEON ({@code MaxVectorSize} 16 without
 * SVE). Taken when eligible and {@code sve} is not, as the x86 vector kernels are: Linux times
 * NEON against its scalar routines at boot, a benchmark the Vector API kernel would win anyway.
 * What Linux also does and Java cannot: with the SHA3 extension it XORs three sources in one
 * {@code EOR3}; HotSpot 17's C2 never emits EOR3 for a chain of {@code lanewise(XOR)}, so this
 * kernel is the plain-NEON one on every CPU (docs/raid-xor.md).
 */
@Implementation(name = "neon", description = "Vector API, 128-bit ByteVector (NEON), a loop per source count", priority = 10, bestWhenEligible = true)
@RequiresFeature({"asimd", "jvm.vector128"})
public final class NeonXor extends XorByCount {

    private static final VectorSpecies<Byte> S = ByteVector.SPECIES_128;
    private static final int STEP = 16;

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
