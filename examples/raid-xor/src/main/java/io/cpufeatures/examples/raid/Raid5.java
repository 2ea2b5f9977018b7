package io.cpufeatures.examples.raid;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
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
     * @throws IllegalArgumentException if there is no data block, the blocks' lengths differ or one array is
     *                                  given as two blocks
     * @throws NullPointerException     if an argument or a block is null
     */
    public static void parity(byte[][] data, byte[] parity) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(parity, "parity");
        if (data.length == 0) {
            throw new IllegalArgumentException("a stripe needs at least one data block");
        }
        checkStripe(data, parity);
        xorOf(parity, data);
    }

    /**
     * Rebuilds block {@code lost} of {@code stripe} (the data blocks, then the parity block last)
     * from the other blocks, in place.
     *
     * @throws IllegalArgumentException  if the stripe has fewer than two blocks, their lengths differ or one
     *                                   array is given as two blocks
     * @throws IndexOutOfBoundsException if {@code lost} is not a block of the stripe
     * @throws NullPointerException      if the stripe or a block is null
     */
    public static void rebuild(byte[][] stripe, int lost) {
        Objects.requireNonNull(stripe, "stripe");
        if (stripe.length < 2) {
            throw new IllegalArgumentException("a stripe has at least one data block and the parity block, not "
                    + stripe.length + " block(s)");
        }
        if (lost < 0 || lost >= stripe.length) {
            throw new IndexOutOfBoundsException("the lost block is " + lost + "; a stripe of " + (stripe.length - 1)
                    + " data block(s) and the parity has blocks 0.." + (stripe.length - 1) + " (the parity is "
                    + (stripe.length - 1) + ")");
        }
        checkStripe(Arrays.copyOf(stripe, stripe.length - 1), stripe[stripe.length - 1]);
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

    /**
     * Checks that no block is null and every block has the parity's length, naming a block as the
     * caller knows it (data block i, the parity block), never by a position in an internal array.
     */
    private static void checkStripe(byte[][] data, byte[] parity) {
        if (parity == null) {
            throw new NullPointerException("the parity block is null");
        }
        for (int i = 0; i < data.length; i++) {
            if (data[i] == null) {
                throw new NullPointerException("data block " + i + " is null");
            }
            if (data[i].length != parity.length) {
                throw new IllegalArgumentException("data block " + i + " has " + data[i].length + " bytes and the parity"
                        + " block " + parity.length + ": every block of a stripe has the same length");
            }
        }
        // One array given twice would be read as a source while it is written as the destination.
        Map<byte[], Integer> first = new IdentityHashMap<>();
        for (int i = 0; i < data.length; i++) {
            Integer earlier = first.putIfAbsent(data[i], i);
            if (earlier != null) {
                throw new IllegalArgumentException("data block " + i + " is data block " + earlier
                        + " again (the same array): every block of a stripe is an array of its own");
            }
        }
        Integer same = first.get(parity);
        if (same != null) {
            throw new IllegalArgumentException("the parity block is data block " + same
                    + " (the same array): every block of a stripe is an array of its own");
        }
    }
}
