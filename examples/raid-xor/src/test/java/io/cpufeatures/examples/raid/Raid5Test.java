package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Raid5Test {

    /** Loses each block of the stripe in turn (every data block, then the parity) and rebuilds it. */
    @Test
    void anyOneLostBlockIsRebuiltFromTheOthers() {
        Random random = new Random(5);
        for (int dataBlocks : new int[] {1, 2, 3, 4, 7, 16, 17, 40}) {
            int blockSize = 1 + random.nextInt(70_000);
            byte[][] stripe = new byte[dataBlocks + 1][blockSize];
            for (int i = 0; i < dataBlocks; i++) {
                random.nextBytes(stripe[i]);
            }
            Raid5.parity(Arrays.copyOf(stripe, dataBlocks), stripe[dataBlocks]);
            byte[][] original = Arrays.stream(stripe).map(byte[]::clone).toArray(byte[][]::new);
            for (int lost = 0; lost <= dataBlocks; lost++) {
                random.nextBytes(stripe[lost]);
                Raid5.rebuild(stripe, lost);
                assertArrayEquals(original[lost], stripe[lost], dataBlocks + " data blocks, lost block " + lost);
            }
        }
    }

    @Test
    void parityIsTheXorOfTheDataBlocks() {
        byte[][] data = {{1, 2, 4}, {8, 16, 32}, {64, 1, 1}};
        byte[] parity = new byte[3];
        Raid5.parity(data, parity);
        assertArrayEquals(new byte[] {73, 19, 37}, parity);
    }

    @Test
    void badStripesAreRejectedWithWhatIsWrong() {
        IllegalArgumentException lengths = assertThrows(IllegalArgumentException.class,
                () -> Raid5.parity(new byte[][] {new byte[4], new byte[5]}, new byte[4]));
        assertEquals("data block 1 has 5 bytes and the parity block 4: every block of a stripe has the same length",
                lengths.getMessage());
        // Blocks are named as the caller knows them, never by a position in an internal array.
        assertEquals("data block 0 has 4 bytes and the parity block 5: every block of a stripe has the same length",
                assertThrows(IllegalArgumentException.class, () -> Raid5.parity(new byte[][] {new byte[4]}, new byte[5]))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Raid5.parity(new byte[0][], new byte[4]))
                .getMessage().contains("at least one data block"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Raid5.rebuild(new byte[][] {new byte[4]}, 0))
                .getMessage().contains("not 1 block(s)"));
        assertEquals("the lost block is 2; a stripe of 1 data block(s) and the parity has blocks 0..1 (the parity is 1)",
                assertThrows(IndexOutOfBoundsException.class,
                        () -> Raid5.rebuild(new byte[][] {new byte[4], new byte[4]}, 2)).getMessage());
        assertEquals("the parity block is null", assertThrows(NullPointerException.class,
                () -> Raid5.rebuild(new byte[][] {new byte[4], null}, 0)).getMessage());
        assertEquals("data block 1 is null", assertThrows(NullPointerException.class,
                () -> Raid5.parity(new byte[][] {new byte[4], null}, new byte[4])).getMessage());
        // One array as two blocks: named as the caller knows the blocks, not as the xor's srcs[i].
        byte[] a = new byte[4];
        assertEquals("the parity block is data block 1 (the same array): every block of a stripe is an array of its"
                + " own", assertThrows(IllegalArgumentException.class,
                        () -> Raid5.parity(new byte[][] {new byte[4], a}, a)).getMessage());
        assertEquals("data block 2 is data block 0 again (the same array): every block of a stripe is an array of its"
                + " own", assertThrows(IllegalArgumentException.class,
                        () -> Raid5.rebuild(new byte[][] {a, new byte[4], a, new byte[4]}, 1)).getMessage());
        assertEquals("the parity block is data block 0 (the same array): every block of a stripe is an array of its"
                + " own", assertThrows(IllegalArgumentException.class,
                        () -> Raid5.rebuild(new byte[][] {a, new byte[4], a}, 1)).getMessage());
    }
}
