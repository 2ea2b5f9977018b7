package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

/**
 * The check every xor kernel must pass: for 1 to 16 sources, at odd offsets, on lengths from 1 byte
 * to 1 MiB (log-uniform, one uniform, 63, and 1 MiB with 16 sources), {@code gen} and {@code into}
 * give the scalar kernel's bytes, the bytes around the range untouched. Public, and packaged as the
 * module's test jar, so the demo's live qemu test runs it on arm64 as this module's tests run it here.
 */
public final class XorAgreement {

    private static final int MIB = 1 << 20;
    private static final ScalarXor ORACLE = new ScalarXor();

    private XorAgreement() {
    }

    /**
     * Checks {@code kernel}.
     *
     * @throws AssertionError naming the source count and length of the first disagreement
     */
    public static void check(XorKernel kernel) {
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

    /** A length from 1 to 1 MiB, spread over the orders of magnitude (log-uniform). */
    static int randomLength(Random random) {
        return Math.max(1, (int) Math.pow(2, random.nextDouble() * 20));
    }

    static byte[][] sources(Random random, int n, int bytes) {
        byte[][] srcs = new byte[n][bytes];
        for (byte[] s : srcs) {
            random.nextBytes(s);
        }
        return srcs;
    }
}
