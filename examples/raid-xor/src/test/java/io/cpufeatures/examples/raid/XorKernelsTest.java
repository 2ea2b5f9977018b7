package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.dispatch.testing.ForEachCandidate;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Every kernel this machine can run gives the scalar answer, and the scalar answer is the XOR of every byte. */
class XorKernelsTest {

        private static final ScalarXor ORACLE = new ScalarXor();


    @ForEachCandidate("raid.xor")
    void genAndIntoAgreeWithScalarForOneToSixteenSourcesAtOddOffsets(XorKernel kernel) {
        XorAgreement.check(kernel);
    }

    /**
     * The AArch64 kernels are Java code, and the Vector API runs their species on any CPU: here they
     * are checked on this machine too, whatever it is (under qemu-aarch64 the demo's live test checks
     * them where they are selected).
     */
    @Test
    void theArm64KernelsAgreeWithScalarOnThisMachineToo() {
        XorAgreement.check(new NeonXor());
        XorAgreement.check(new SveXor());
    }

    @ForEachCandidate("raid.xor")
    void directBuffersAgreeWithArrays(XorKernel kernel) {
        Random random = new Random(7);
        for (int n = 1; n <= XorGen.MAX_SOURCES; n += 3) {
            int len = XorAgreement.randomLength(random);
            byte[][] srcs = XorAgreement.sources(random, n, len + 9);
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
            byte[][] srcs = XorAgreement.sources(random, n, len + 2);
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
