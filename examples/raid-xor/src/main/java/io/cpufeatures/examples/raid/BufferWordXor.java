package io.cpufeatures.examples.raid;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * XOR of one to four byte buffers in 64-bit words through a {@link VarHandle} view, one loop per
 * source count; the last {@code len % 8} bytes one at a time. Every kernel's buffer path is these
 * loops: the Vector API has no buffer entry common to JDK 17 ({@code fromByteBuffer}) and 19+
 * ({@code fromMemorySegment}, JEP 424), so a vector buffer path would need one build per JDK.
 */
final class BufferWordXor {

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private BufferWordXor() {
    }

    /** {@code d = a} over {@code len} bytes. */
    static void gen1(ByteBuffer d, int dOff, ByteBuffer a, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (a.get(sOff + i)));
        }
    }

    /** {@code d = a ^ b} over {@code len} bytes. */
    static void gen2(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (a.get(sOff + i) ^ b.get(sOff + i)));
        }
    }

    /** {@code d = a ^ b ^ c} over {@code len} bytes. */
    static void gen3(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, ByteBuffer c, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (a.get(sOff + i) ^ b.get(sOff + i) ^ c.get(sOff + i)));
        }
    }

    /** {@code d = a ^ b ^ c ^ e} over {@code len} bytes. */
    static void gen4(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, ByteBuffer c, ByteBuffer e, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i) ^ (long) LONGS.get(e, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (a.get(sOff + i) ^ b.get(sOff + i) ^ c.get(sOff + i) ^ e.get(sOff + i)));
        }
    }

    /** {@code d ^= a} over {@code len} bytes. */
    static void into1(ByteBuffer d, int dOff, ByteBuffer a, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (d.get(dOff + i) ^ a.get(sOff + i)));
        }
    }

    /** {@code d ^= a ^ b} over {@code len} bytes. */
    static void into2(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (d.get(dOff + i) ^ a.get(sOff + i) ^ b.get(sOff + i)));
        }
    }

    /** {@code d ^= a ^ b ^ c} over {@code len} bytes. */
    static void into3(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, ByteBuffer c, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (d.get(dOff + i) ^ a.get(sOff + i) ^ b.get(sOff + i) ^ c.get(sOff + i)));
        }
    }

    /** {@code d ^= a ^ b ^ c ^ e} over {@code len} bytes. */
    static void into4(ByteBuffer d, int dOff, ByteBuffer a, ByteBuffer b, ByteBuffer c, ByteBuffer e, int sOff, int len) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONGS.set(d, dOff + i, (long) LONGS.get(d, dOff + i) ^ (long) LONGS.get(a, sOff + i) ^ (long) LONGS.get(b, sOff + i) ^ (long) LONGS.get(c, sOff + i) ^ (long) LONGS.get(e, sOff + i));
        }
        for (; i < len; i++) {
            d.put(dOff + i, (byte) (d.get(dOff + i) ^ a.get(sOff + i) ^ b.get(sOff + i) ^ c.get(sOff + i) ^ e.get(sOff + i)));
        }
    }
}
