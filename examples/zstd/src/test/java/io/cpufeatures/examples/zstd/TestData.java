package io.cpufeatures.examples.zstd;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Deterministic test inputs of the kinds real data has: text, structured binary, noise. */
final class TestData {

    private static final String[] WORDS = ("the of and to in is that for it as was with be by on not he this are or his"
            + " from at which but have an they you were her she there been one all we their has would when if so no"
            + " zstd frame block literals sequences huffman offset window dictionary checksum decoder encoder entropy"
            + " static final int return byte array buffer length while break continue switch case default").split(" ");

    private TestData() {
    }

    /** English-like text of {@code n} bytes: words, punctuation and line breaks. */
    static byte[] text(int n, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(n + 16);
        while (sb.length() < n) {
            sb.append(WORDS[(int) Math.min(WORDS.length - 1, Math.abs(r.nextGaussian()) * WORDS.length / 3)]);
            int p = r.nextInt(20);
            sb.append(p == 0 ? ".\n" : p == 1 ? ", " : " ");
        }
        return sb.substring(0, n).getBytes(StandardCharsets.US_ASCII);
    }

    /** Little-endian records (a counter, a small value, a tag): repetitive with drifting numbers. */
    static byte[] binary(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i + 16 <= n; i += 16) {
            int counter = i / 16;
            b[i] = (byte) counter;
            b[i + 1] = (byte) (counter >>> 8);
            b[i + 2] = (byte) (counter >>> 16);
            b[i + 4] = (byte) r.nextInt(4);
            b[i + 8] = (byte) 0xCA;
            b[i + 9] = (byte) 0xFE;
            b[i + 12] = (byte) r.nextInt(256);
        }
        return b;
    }

    /** Incompressible bytes. */
    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
