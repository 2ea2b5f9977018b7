package io.cpufeatures.examples.raid;

import io.cpufeatures.dispatch.Calibratable;
import io.cpufeatures.dispatch.Implementation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The baseline every CPU runs and the oracle the other kernels are tested against: for each 64-bit
 * word of the destination, the XOR of that word of every source, through a {@link VarHandle}
 * view of the bytes; the last {@code len % 8} bytes one at a time. Written to be obviously right,
 * not fast.
 */
@Implementation(name = "scalar", description = "64-bit words through a VarHandle, one source at a time")
public final class ScalarXor implements XorKernel, Calibratable {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_LONGS =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final CalibrationBuffers calibration = new CalibrationBuffers();

    @Override
    public void gen(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        xor(dest, destOff, srcs, srcOff, len, false);
    }

    @Override
    public void into(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        xor(dest, destOff, srcs, srcOff, len, true);
    }

    @Override
    public void gen(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        xor(dest, destOff, srcs, srcOff, len, false);
    }

    @Override
    public void into(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        xor(dest, destOff, srcs, srcOff, len, true);
    }

    private static void xor(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len, boolean accumulate) {
        int words = len & ~7;
        for (int i = 0; i < words; i += 8) {
            long acc = accumulate ? (long) LONGS.get(dest, destOff + i) : 0L;
            for (byte[] src : srcs) {
                acc ^= (long) LONGS.get(src, srcOff + i);
            }
            LONGS.set(dest, destOff + i, acc);
        }
        for (int i = words; i < len; i++) {
            byte acc = accumulate ? dest[destOff + i] : 0;
            for (byte[] src : srcs) {
                acc ^= src[srcOff + i];
            }
            dest[destOff + i] = acc;
        }
    }

    private static void xor(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len, boolean accumulate) {
        int words = len & ~7;
        for (int i = 0; i < words; i += 8) {
            long acc = accumulate ? (long) BUFFER_LONGS.get(dest, destOff + i) : 0L;
            for (ByteBuffer src : srcs) {
                acc ^= (long) BUFFER_LONGS.get(src, srcOff + i);
            }
            BUFFER_LONGS.set(dest, destOff + i, acc);
        }
        for (int i = words; i < len; i++) {
            byte acc = accumulate ? dest.get(destOff + i) : 0;
            for (ByteBuffer src : srcs) {
                acc ^= src.get(srcOff + i);
            }
            dest.put(destOff + i, acc);
        }
    }

    @Override
    public void calibrationRound() {
        calibration.run(this);
    }

    @Override
    public long calibrationBytes() {
        return CalibrationBuffers.SIZE;
    }
}
