package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * 16 bytes per load and store with the Vector API: one SSE (or NEON) register and one bound check
 * for 16 bytes instead of one per 8. A match 8 to 15 bytes back is copied 8 bytes at a time, as
 * {@link GenericCopyKernel} does, since a 16-byte chunk would read bytes it has yet to write.
 *
 * <p>Requires {@code jvm.vector128}: without C2 compiling 128-bit vectors the Vector API runs as
 * plain Java objects, many times slower than {@link GenericCopyKernel}. The class is loaded only
 * when chosen, so a JVM without {@code jdk.incubator.vector} never links it. Only the 128-bit
 * species: 32-byte chunks measured no faster (95% of matches are 32 bytes or shorter), and on
 * JDK 17 a second {@code ByteVector} species stored through {@link ByteVector#intoArray} in the
 * same process made C2 give up the store intrinsic, several times slower (docs/zstd.md).
 */
@Implementation(name = "vector128", description = "16-byte loads and stores through the Vector API", priority = 10)
@RequiresFeature("jvm.vector128")
public final class Vector128CopyKernel implements CopyKernel {

    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_128;

    @Override
    public void copyLiterals(byte[] src, int from, byte[] dst, int to, int end) {
        ByteVector.fromArray(SPECIES, src, from).intoArray(dst, to);
        if (end - to > 16) {
            chunks(src, from + 16, dst, to + 16, end);
        }
    }

    @Override
    public void copyMatch(byte[] out, int from, int to, int end) {
        if (to - from >= 16) {
            ByteVector.fromArray(SPECIES, out, from).intoArray(out, to);
            if (end - to > 16) {
                chunks(out, from + 16, out, to + 16, end);
            }
        } else {
            Bytes.copy8(out, from, out, to);
            Bytes.copy8(out, from + 8, out, to + 8);
            if (end - to > 16) {
                SequenceExecutor.copyWords(out, from + 16, out, to + 16, end);
            }
        }
    }

    private static void chunks(byte[] src, int from, byte[] dst, int to, int end) {
        do {
            ByteVector.fromArray(SPECIES, src, from).intoArray(dst, to);
            from += 16;
            to += 16;
        } while (to < end);
    }
}
