package io.cpufeatures.examples.zstd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XXH64, the hash of Zstandard's content checksum (RFC 8878 section 3.1.1: the low 4 bytes of
 * XXH64 with seed 0 of the decompressed content), written from the algorithm's specification.
 * Incremental: {@link #update} any number of times, then {@link #digest}; {@link #hash} for one
 * array. Not thread-safe.
 */
public final class Xxh64 {

    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;
    private static final int STRIPE = 32;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final long seed;
    private final long[] lanes = new long[4];
    private long total;
    private final byte[] pending = new byte[STRIPE];
    private int pendingLength;

    /** A hash in progress with {@code seed} (Zstandard uses 0). */
    public Xxh64(long seed) {
        this.seed = seed;
        reset();
    }

    /** Starts over, as if new. */
    public void reset() {
        start(lanes, seed);
        total = 0;
        pendingLength = 0;
    }

    /** Adds {@code len} bytes of {@code b} from {@code off}. */
    public void update(byte[] b, int off, int len) {
        total += len;
        if (pendingLength + len < STRIPE) {
            System.arraycopy(b, off, pending, pendingLength, len);
            pendingLength += len;
            return;
        }
        int end = off + len;
        if (pendingLength > 0) {
            int fill = STRIPE - pendingLength;
            System.arraycopy(b, off, pending, pendingLength, fill);
            stripes(lanes, pending, 0, STRIPE);
            off += fill;
            pendingLength = 0;
        }
        off = stripes(lanes, b, off, end);
        pendingLength = end - off;
        System.arraycopy(b, off, pending, 0, pendingLength);
    }

    /** The hash of everything added so far (the state is kept: more may be added). */
    public long digest() {
        long h = total >= STRIPE ? converge(lanes) : seed + P5;
        return finish(h + total, pending, 0, pendingLength);
    }

    /** XXH64 of {@code len} bytes of {@code b} from {@code off}. */
    public static long hash(byte[] b, int off, int len, long seed) {
        int end = off + len;
        long h;
        if (len >= STRIPE) {
            long[] lanes = new long[4];
            start(lanes, seed);
            off = stripes(lanes, b, off, end);
            h = converge(lanes);
        } else {
            h = seed + P5;
        }
        return finish(h + len, b, off, end - off);
    }

    private static void start(long[] lanes, long seed) {
        lanes[0] = seed + P1 + P2;
        lanes[1] = seed + P2;
        lanes[2] = seed;
        lanes[3] = seed - P1;
    }

    /** Runs every whole 32-byte stripe of {@code b[off, end)} through the lanes; returns where the rest starts. */
    private static int stripes(long[] lanes, byte[] b, int off, int end) {
        long a1 = lanes[0];
        long a2 = lanes[1];
        long a3 = lanes[2];
        long a4 = lanes[3];
        for (; off <= end - STRIPE; off += STRIPE) {
            a1 = round(a1, (long) LONGS.get(b, off));
            a2 = round(a2, (long) LONGS.get(b, off + 8));
            a3 = round(a3, (long) LONGS.get(b, off + 16));
            a4 = round(a4, (long) LONGS.get(b, off + 24));
        }
        lanes[0] = a1;
        lanes[1] = a2;
        lanes[2] = a3;
        lanes[3] = a4;
        return off;
    }

    /** The lanes folded into one value, as the algorithm does once 32 bytes or more went through them. */
    private static long converge(long[] lanes) {
        long h = Long.rotateLeft(lanes[0], 1) + Long.rotateLeft(lanes[1], 7) + Long.rotateLeft(lanes[2], 12)
                + Long.rotateLeft(lanes[3], 18);
        for (long lane : lanes) {
            h = merge(h, lane);
        }
        return h;
    }

    /** The last fewer-than-32 bytes, then the avalanche. */
    private static long finish(long h, byte[] b, int off, int len) {
        int end = off + len;
        for (; off <= end - 8; off += 8) {
            h ^= round(0, (long) LONGS.get(b, off));
            h = Long.rotateLeft(h, 27) * P1 + P4;
        }
        if (off <= end - 4) {
            h ^= ((int) INTS.get(b, off) & 0xFFFFFFFFL) * P1;
            h = Long.rotateLeft(h, 23) * P2 + P3;
            off += 4;
        }
        for (; off < end; off++) {
            h ^= (b[off] & 0xFFL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
        }
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }

    private static long round(long acc, long input) {
        acc += input * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    private static long merge(long acc, long value) {
        acc ^= round(0, value);
        return acc * P1 + P4;
    }
}
