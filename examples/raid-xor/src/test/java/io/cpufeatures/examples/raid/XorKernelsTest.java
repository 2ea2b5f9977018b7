package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.dispatch.testing.ForEachCandidate;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Every kernel this machine can run gives the scalar answer, and the scalar answer is the XOR of every byte. */
class XorKernelsTest {

    private static final int MIB = 1 << 20;
    private static final ScalarXor ORACLE = new ScalarXor();

    /** A length from 1 to 1 MiB, spread over the orders of magnitude (log-uniform). */
    private static int randomLength(Random random) {
        return Math.max(1, (int) Math.pow(2, random.nextDouble() * 20));
    }

    private static byte[][] sources(Random random, int n, int bytes) {
        byte[][] srcs = new byte[n][bytes];
        for (byte[] s : srcs) {
            random.nextBytes(s);
        }
        return srcs;
    }

    @ForEachCandidate("raid.xor")
    void genAndIntoAgreeWithScalarForOneToSixteenSourcesAtOddOffsets(XorKernel kernel) {
        Random random = new Random(42);
        for (int n = 1; n <= XorGen.MAX_SOURCES; n++) {
            for (int len : new int[] {randomLength(random), randomLength(random), 1 + random.nextInt(MIB), n == 16 ? MIB : 63}) {
                int srcOff = 1 + 2 * random.nextInt(40);
                int destOff = 1 + 2 * random.nextInt(40);
                byte[][] srcs = sources(random, n, srcOff + len + 7);
                byte[] expected = new byte[destOff + len + 5];
                random.nextBytes(expected);
                byte[] actual = expected.clone();

                ORACLE.gen(expected, destOff, srcs, srcOff, len);
                kernel.gen(actual, destOff, srcs, srcOff, len);
                assertArrayEquals(expected, actual, () -> "gen, " + srcs.length + " sources, " + len + " bytes");

                ORACLE.into(expected, destOff, srcs, srcOff, len);
                kernel.into(actual, destOff, srcs, srcOff, len);
                assertArrayEquals(expected, actual, () -> "into, " + srcs.length + " sources, " + len + " bytes");
            }
        }
    }

    @ForEachCandidate("raid.xor")
    void directBuffersAgreeWithArrays(XorKernel kernel) {
        Random random = new Random(7);
        for (int n = 1; n <= XorGen.MAX_SOURCES; n += 3) {
            int len = randomLength(random);
            byte[][] srcs = sources(random, n, len + 9);
            ByteBuffer[] bufs = new ByteBuffer[n];
            for (int i = 0; i < n; i++) {
                bufs[i] = ByteBuffer.allocateDirect(srcs[i].length).put(srcs[i]);
            }
            byte[] expected = new byte[len + 3];
            random.nextBytes(expected);
            ByteBuffer dest = ByteBuffer.allocateDirect(expected.length).put(expected);

            ORACLE.gen(expected, 3, srcs, 9, len);
            kernel.gen(dest, 3, bufs, 9, len);
            assertArrayEquals(expected, contents(dest), "gen, " + n + " sources, " + len + " bytes");

            ORACLE.into(expected, 3, srcs, 9, len);
            kernel.into(dest, 3, bufs, 9, len);
            assertArrayEquals(expected, contents(dest), "into, " + n + " sources, " + len + " bytes");
            assertEquals(expected.length, dest.position(), "positions are not touched");
        }
    }

    private static byte[] contents(ByteBuffer b) {
        byte[] out = new byte[b.capacity()];
        b.duplicate().clear().get(out);
        return out;
    }

    /** The oracle itself, against the definition one byte at a time. */
    @Test
    void scalarIsTheXorOfEveryByte() {
        Random random = new Random(3);
        for (int n = 1; n <= XorGen.MAX_SOURCES; n++) {
            int len = random.nextInt(300);
            byte[][] srcs = sources(random, n, len + 2);
            byte[] dest = new byte[len + 1];
            random.nextBytes(dest);
            byte[] before = dest.clone();
            byte[] gen = dest.clone();
            ORACLE.gen(gen, 1, srcs, 2, len);
            ORACLE.into(dest, 1, srcs, 2, len);
            for (int i = 0; i < len; i++) {
                byte x = 0;
                for (byte[] s : srcs) {
                    x ^= s[2 + i];
                }
                assertEquals(x, gen[1 + i], "gen byte " + i);
                assertEquals((byte) (before[1 + i] ^ x), dest[1 + i], "into byte " + i);
            }
            assertEquals(before[0], gen[0], "the byte before the range is untouched");
        }
    }
}
