package io.cpufeatures.examples.raid;

import java.util.Arrays;
import java.util.Objects;

/**
 * RAID-5 on one stripe: the parity block is the XOR of the data blocks, so any one lost block, data
 * or parity, is the XOR of all the others. Every block of a stripe has the same length; there may
 * be any number of data blocks (more than {@value XorGen#MAX_SOURCES} are XORed in groups).
 */
public final class Raid5 {

    private Raid5() {
    }

    /**
     * Writes the parity of {@code data} into {@code parity}.
     *
     * @throws IllegalArgumentException if there is no data block or the blocks' lengths differ
     * @throws NullPointerException     if an argument or a block is null
     */
    public static void parity(byte[][] data, byte[] parity) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(parity, "parity");
        if (data.length == 0) {
            throw new IllegalArgumentException("a stripe needs at least one data block");
        }
        byte[][] all = Arrays.copyOf(data, data.length + 1);
        all[data.length] = parity;
        checkLengths(all);
        xorOf(parity, data);
    }

    /**
     * Rebuilds block {@code lost} of {@code stripe} (the data blocks, then the parity block last)
     * from the other blocks, in place.
     *
     * @throws IllegalArgumentException  if the stripe has fewer than two blocks or their lengths differ
     * @throws IndexOutOfBoundsException if {@code lost} is not a block of the stripe
     * @throws NullPointerException      if the stripe or a block is null
     */
    public static void rebuild(byte[][] stripe, int lost) {
        Objects.requireNonNull(stripe, "stripe");
        if (stripe.length < 2) {
            throw new IllegalArgumentException("a stripe has at least one data block and the parity block, not "
                    + stripe.length + " block(s)");
        }
        Objects.checkIndex(lost, stripe.length);
        checkLengths(stripe);
        byte[][] survivors = new byte[stripe.length - 1][];
        for (int i = 0, j = 0; i < stripe.length; i++) {
            if (i != lost) {
                survivors[j++] = stripe[i];
            }
        }
        xorOf(stripe[lost], survivors);
    }

    /** {@code dest = XOR of blocks}, {@value XorGen#MAX_SOURCES} at a time. */
    private static void xorOf(byte[] dest, byte[][] blocks) {
        int len = dest.length;
        int first = Math.min(XorGen.MAX_SOURCES, blocks.length);
        XorGen.xorGen(dest, 0, Arrays.copyOfRange(blocks, 0, first), 0, len);
        for (int k = first; k < blocks.length; k += XorGen.MAX_SOURCES) {
            XorGen.xorInto(dest, 0, Arrays.copyOfRange(blocks, k, Math.min(blocks.length, k + XorGen.MAX_SOURCES)), 0, len);
        }
    }

    private static void checkLengths(byte[][] blocks) {
        int len = -1;
        for (int i = 0; i < blocks.length; i++) {
            if (blocks[i] == null) {
                throw new NullPointerException("block " + i);
            }
            if (len < 0) {
                len = blocks[i].length;
            } else if (blocks[i].length != len) {
                throw new IllegalArgumentException("block " + i + " has " + blocks[i].length + " bytes, block 0 has " + len
                        + ": every block of a stripe has the same length");
            }
        }
    }
}
