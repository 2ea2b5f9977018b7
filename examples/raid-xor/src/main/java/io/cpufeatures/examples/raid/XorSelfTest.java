package io.cpufeatures.examples.raid;

import java.util.Arrays;
import java.util.Random;

/**
 * The self-test every kernel runs before it is selected: both forms compared with {@link ScalarXor} for 1 to 6
 * sources, at lengths around the vector widths and an odd offset, so a kernel whose loops or tails are wrong (or
 * a native library built wrong) is never selected.
 */
final class XorSelfTest {

    private XorSelfTest() {
    }

    static void run(XorKernel kernel) {
        Random random = new Random(0x5eed);
        ScalarXor oracle = new ScalarXor();
        for (int n = 1; n <= 6; n++) {
            for (int len : new int[] {0, 1, 7, 8, 63, 64, 65, 255, 256, 257, 1000, XorByCount.BLOCK + 77}) {
                byte[][] srcs = new byte[n][len + 3];
                for (byte[] s : srcs) {
                    random.nextBytes(s);
                }
                byte[] expected = new byte[len + 5];
                random.nextBytes(expected);
                byte[] actual = expected.clone();
                oracle.gen(expected, 5, srcs, 3, len);
                kernel.gen(actual, 5, srcs, 3, len);
                check(kernel, expected, actual, "gen", n, len);
                oracle.into(expected, 1, srcs, 2, len);
                kernel.into(actual, 1, srcs, 2, len);
                check(kernel, expected, actual, "into", n, len);
            }
        }
    }

    private static void check(XorKernel kernel, byte[] expected, byte[] actual, String form, int n, int len) {
        if (!Arrays.equals(expected, actual)) {
            String name = kernel.getClass().getSimpleName() + (kernel instanceof NativeXor x ? " " + x.variant() : "");
            throw new IllegalStateException(name + "." + form + " of " + n + " sources, " + len
                    + " bytes, differs from scalar at byte " + Arrays.mismatch(expected, actual));
        }
    }
}
