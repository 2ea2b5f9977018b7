package io.cpufeatures.examples.raid;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XOR of one to four byte arrays in 64-bit words through a {@link VarHandle} view, one loop per
 * source count so that C2's superword pass can vectorize each; the last {@code len % 8} bytes one
 * at a time. The scalar-unrolled kernel is these loops; the Vector API kernels use them for the
 * tail shorter than a vector.
 */
final class WordXor {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private WordXor() {
    }

    /** {@code d = a} over {@code len} bytes. */
    static void gen1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (a[sOff + i]);
        }
    }

    /** {@code d = a ^ b} over {@code len} bytes. */
    static void gen2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (a[sOff + i] ^ b[sOff + i]);
        }
    }

    /** {@code d = a ^ b ^ c} over {@code len} bytes. */
    static void gen3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (a[sOff + i] ^ b[sOff + i] ^ c[sOff + i]);
        }
    }

    /** {@code d = a ^ b ^ c ^ e} over {@code len} bytes. */
    static void gen4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i) ^ (long) LONGS.get(e, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (a[sOff + i] ^ b[sOff + i] ^ c[sOff + i] ^ e[sOff + i]);
        }
    }

    /** {@code d ^= a} over {@code len} bytes. */
    static void into1(byte[] d, int dOff, byte[] a, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (d[dOff + i] ^ a[sOff + i]);
        }
    }

    /** {@code d ^= a ^ b} over {@code len} bytes. */
    static void into2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (d[dOff + i] ^ a[sOff + i] ^ b[sOff + i]);
        }
    }

    /** {@code d ^= a ^ b ^ c} over {@code len} bytes. */
    static void into3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (d[dOff + i] ^ a[sOff + i] ^ b[sOff + i] ^ c[sOff + i]);
        }
    }

    /** {@code d ^= a ^ b ^ c ^ e} over {@code len} bytes. */
    static void into4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i) ^ (long) LONGS.get(e, sOff + i));
        }
        for (; i < len; i++) {
            d[dOff + i] = (byte) (d[dOff + i] ^ a[sOff + i] ^ b[sOff + i] ^ c[sOff + i] ^ e[sOff + i]);
        }
    }
}
