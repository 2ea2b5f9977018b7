package io.cpufeatures.examples.raid;

import static jdk.incubator.vector.VectorOperators.XOR;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * XOR in the JVM's SVE width through the Vector API: the preferred species, which on an SVE CPU is
 * the process's vector length (HotSpot takes {@code MaxVectorSize} from {@code PR_SVE_GET_VL}: 256
 * bits on Neoverse V1, 512 on A64FX, up to 2048), with {@link Vector256Xor}'s loops. Requires
 * {@code sve} (the kernel allows it), {@code jvm.sve} (C2 emits SVE, {@code UseSVE >= 1}) and
 * {@code jvm.vector256}: the preferred species is never wider than what C2 compiles, and at an SVE
 * length of 128 bits it is NEON's width, where {@link NeonXor} is the same kernel. Taken when
 * eligible, before {@code neon}. Linux's arm64 xor has no SVE routine (it predates SVE hardware in
 * servers); this one is the Vector API's answer to the same question.
 */
@Implementation(name = "sve", description = "Vector API, the preferred ByteVector (SVE's length), a loop per source count", priority = 20, bestWhenEligible = true)
@RequiresFeature({"sve", "jvm.sve", "jvm.vector256"})
public final class SveXor extends XorByCount {

    private static final VectorSpecies<Byte> S = ByteVector.SPECIES_PREFERRED;
    private static final int STEP = S.vectorByteSize();

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
