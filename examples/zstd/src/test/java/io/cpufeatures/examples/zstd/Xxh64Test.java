package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Xxh64Test {

    /**
     * Expected values computed with the reference tool ({@code xxhsum -H1}, xxHash 0.8.1) over
     * {@link #pattern(int)}: every length class of the algorithm (under 4, 4, under 8, 8, under 32,
     * 32, past one stripe, many stripes).
     */
    private static final Map<Integer, Long> REFERENCE = Map.ofEntries(
            Map.entry(0, 0xef46db3751d8e999L), Map.entry(1, 0xa96c7f0ce858bbb7L), Map.entry(3, 0x56e6957632a487f9L),
            Map.entry(4, 0xc60d15b1e3ff8f04L), Map.entry(7, 0xafbefc3d6c6f9a8eL), Map.entry(8, 0x3da5c7aa269683e0L),
            Map.entry(15, 0xae2a37eb9357caa7L), Map.entry(31, 0x4a74f3a1a39ad4a1L), Map.entry(32, 0x8d57d6a4671cc43dL),
            Map.entry(33, 0x62c9fd21ed857664L), Map.entry(63, 0x5c320a0d2707057fL), Map.entry(64, 0x7bbabbc45729d17eL),
            Map.entry(100, 0xefa0ad2d3e70c151L), Map.entry(1000, 0x99594f4828043d35L),
            Map.entry(100003, 0xc333c0bff6f9efdbL));

    /** Byte i is (31 i + 7) mod 256. */
    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    @Test
    void oneShotMatchesTheReferenceTool() {
        REFERENCE.forEach((n, expected) -> assertEquals(expected, Xxh64.hash(pattern(n), 0, n, 0), "length " + n));
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0x44bc2cf5ad770999L, Xxh64.hash(abc, 0, 3, 0));
    }

    @Test
    void incrementalInAnyPiecesEqualsOneShot() {
        Random random = new Random(11);
        REFERENCE.forEach((n, expected) -> {
            byte[] data = pattern(n);
            Xxh64 h = new Xxh64(0);
            int off = 0;
            while (off < n) {
                int piece = Math.min(n - off, random.nextInt(70));
                h.update(data, off, piece);
                off += piece;
            }
            assertEquals(expected, h.digest(), "length " + n);
            h.reset();
            h.update(data, 0, n);
            assertEquals(expected, h.digest(), "length " + n + " after reset");
        });
    }

    @Test
    void anOffsetIntoALargerArrayHashesOnlyTheRange() {
        byte[] data = pattern(1000);
        byte[] padded = new byte[1010];
        System.arraycopy(data, 0, padded, 7, 1000);
        assertEquals(REFERENCE.get(1000), Xxh64.hash(padded, 7, 1000, 0));
    }
}
