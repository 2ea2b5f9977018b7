package io.cpufeatures.examples.raid;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.cpufeatures.dispatch.Calibratable;
import io.cpufeatures.dispatch.SelfTest;
import java.nio.ByteBuffer;

/**
 * The C xor ({@code src/main/c/xor.c}) in the variant {@link XorNatives} bound, as a kernel: up to four sources
 * per native call, more in further calls that XOR into the destination. Byte arrays are passed through JNA's
 * direct mapping, which copies each array in and out around the call; direct buffers are passed by address,
 * with no copy (as {@code long}s: a {@code ByteBuffer} parameter, which JNA passes as the address of the
 * buffer's position, measured slower per call). Heap buffers go as their arrays; a read-only heap buffer, whose array is not accessible, goes
 * through {@link UnrolledScalarXor} (same result, Java code).
 */
final class NativeXor implements XorKernel, SelfTest, Calibratable {

    private static final int GROUP = 4;

    private final XorNatives.Calls calls;
    private final CalibrationBuffers calibration = new CalibrationBuffers();
    private final UnrolledScalarXor readOnlyHeap = new UnrolledScalarXor();

    NativeXor(XorNatives.Calls calls) {
        this.calls = calls;
    }

    /** {@return the variant the library says it is, e.g. {@code linux-x86_64/x86-64-v3}} */
    String variant() {
        return calls.cpf_xor_variant();
    }

    @Override
    public void gen(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        arrays(false, dest, destOff, srcs, srcOff, len);
    }

    @Override
    public void into(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        arrays(true, dest, destOff, srcs, srcOff, len);
    }

    private void arrays(boolean into, byte[] d, int dOff, byte[][] s, int sOff, int len) {
        for (int k = 0; k < s.length; k += GROUP) {
            int n = Math.min(GROUP, s.length - k);
            calls.cpf_xor_arrays(d, dOff, s[k], n > 1 ? s[k + 1] : null, n > 2 ? s[k + 2] : null,
                    n > 3 ? s[k + 3] : null, sOff, n, len, into || k > 0 ? 1 : 0);
        }
    }

    @Override
    public void gen(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        buffers(false, dest, destOff, srcs, srcOff, len);
    }

    @Override
    public void into(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        buffers(true, dest, destOff, srcs, srcOff, len);
    }

    private void buffers(boolean into, ByteBuffer d, int dOff, ByteBuffer[] s, int sOff, int len) {
        boolean direct = d.isDirect();
        boolean arrays = d.hasArray();
        for (ByteBuffer b : s) {
            direct &= b.isDirect();
            arrays &= b.hasArray();
        }
        if (direct) {
            long[] a = new long[GROUP];
            long dest = address(d) + dOff;
            for (int k = 0; k < s.length; k += GROUP) {
                int n = Math.min(GROUP, s.length - k);
                for (int i = 0; i < GROUP; i++) {
                    a[i] = i < n ? address(s[k + i]) + sOff : 0;
                }
                calls.cpf_xor_addresses(dest, a[0], a[1], a[2], a[3], n, len, into || k > 0 ? 1 : 0);
            }
        } else if (arrays && sameArrayOffsets(s)) {
            byte[][] srcs = new byte[s.length][];
            for (int i = 0; i < s.length; i++) {
                srcs[i] = s[i].array();
            }
            arrays(into, d.array(), d.arrayOffset() + dOff, srcs, s[0].arrayOffset() + sOff, len);
        } else if (into) {
            readOnlyHeap.into(d, dOff, s, sOff, len);
        } else {
            readOnlyHeap.gen(d, dOff, s, sOff, len);
        }
    }

    /** Whether every source's array starts at the same offset, as one native call's single source offset needs. */
    private static boolean sameArrayOffsets(ByteBuffer[] s) {
        for (ByteBuffer b : s) {
            if (b.arrayOffset() != s[0].arrayOffset()) {
                return false;
            }
        }
        return true;
    }

    private static long address(ByteBuffer direct) {
        return Pointer.nativeValue(Native.getDirectBufferPointer(direct));
    }

    @Override
    public void selfTest() {
        XorSelfTest.run(this);
        // direct buffers by absolute index, whatever their positions
        ByteBuffer d = ByteBuffer.allocateDirect(300).position(7);
        ByteBuffer a = ByteBuffer.allocateDirect(300).put(0, (byte) 0x5a).put(299, (byte) 0x33).position(11);
        ByteBuffer b = ByteBuffer.allocateDirect(300).put(0, (byte) 0x0f).position(3);
        gen(d, 0, new ByteBuffer[] {a, a, a}, 0, 300);
        into(d, 0, new ByteBuffer[] {a, b}, 0, 300);
        if (d.get(0) != 0x0f || d.get(299) != 0x00 || d.position() != 7 || a.position() != 11 || b.position() != 3) {
            throw new IllegalStateException(variant() + ": the address form differs from (a ^ a ^ a) ^ a ^ b by absolute"
                    + " index");
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

    @Override
    public String toString() {
        return "NativeXor[" + variant() + "]";
    }
}
