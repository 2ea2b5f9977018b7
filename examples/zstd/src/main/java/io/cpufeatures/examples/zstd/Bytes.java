package io.cpufeatures.examples.zstd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian reads, writes and copies of 8-byte words in byte arrays (the format's byte order). */
final class Bytes {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {
    }

    static long readLong(byte[] b, int off) {
        return (long) LONGS.get(b, off);
    }

    static int readInt(byte[] b, int off) {
        return (int) INTS.get(b, off);
    }

    static void writeLong(byte[] b, int off, long v) {
        LONGS.set(b, off, v);
    }

    /** Copies the 8 bytes at {@code src[from]} to {@code dst[to]}. */
    static void copy8(byte[] src, int from, byte[] dst, int to) {
        LONGS.set(dst, to, (long) LONGS.get(src, from));
    }

    /** Copies the 4 bytes at {@code src[from]} to {@code dst[to]}. */
    static void copy4(byte[] src, int from, byte[] dst, int to) {
        INTS.set(dst, to, (int) INTS.get(src, from));
    }

    static int readShort(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }

    static int read24(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16;
    }
}
