package io.cpufeatures.examples.raid;

import io.cpufeatures.dispatch.Calibratable;
import io.cpufeatures.dispatch.SelfTest;
import java.nio.ByteBuffer;

/**
 * A kernel built from one loop per source count (1 to 4), as the kernel's {@code do_2..do_5} and
 * ISA-L's unrolled loops are: a single pass for up to four sources; more are taken four at a time
 * over blocks of {@value #BLOCK} bytes, so the destination block stays in L1 while each group is
 * XORed into it. Subclasses supply the byte-array loops; the buffer loops are shared
 * ({@link BufferWordXor}).
 */
abstract class XorByCount implements XorKernel, SelfTest, Calibratable {

    /** The block of destination that stays in L1 across passes when there are more than 4 sources. */
    static final int BLOCK = 8192;

    private static final int GROUP = 4;

    private final CalibrationBuffers calibration = new CalibrationBuffers();

    /** {@code d = a}. */
    abstract void gen1(byte[] d, int dOff, byte[] a, int sOff, int len);

    /** {@code d = a ^ b}. */
    abstract void gen2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len);

    /** {@code d = a ^ b ^ c}. */
    abstract void gen3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len);

    /** {@code d = a ^ b ^ c ^ e}. */
    abstract void gen4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len);

    /** {@code d ^= a}. */
    abstract void into1(byte[] d, int dOff, byte[] a, int sOff, int len);

    /** {@code d ^= a ^ b}. */
    abstract void into2(byte[] d, int dOff, byte[] a, byte[] b, int sOff, int len);

    /** {@code d ^= a ^ b ^ c}. */
    abstract void into3(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, int sOff, int len);

    /** {@code d ^= a ^ b ^ c ^ e}. */
    abstract void into4(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int len);

    @Override
    public final void gen(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        if (srcs.length <= GROUP) {
            group(false, dest, destOff, srcs, 0, srcOff, len);
            return;
        }
        for (int p = 0; p < len; p += BLOCK) {
            int l = Math.min(BLOCK, len - p);
            group(false, dest, destOff + p, srcs, 0, srcOff + p, l);
            for (int k = GROUP; k < srcs.length; k += GROUP) {
                group(true, dest, destOff + p, srcs, k, srcOff + p, l);
            }
        }
    }

    @Override
    public final void into(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len) {
        if (srcs.length <= GROUP) {
            group(true, dest, destOff, srcs, 0, srcOff, len);
            return;
        }
        for (int p = 0; p < len; p += BLOCK) {
            int l = Math.min(BLOCK, len - p);
            for (int k = 0; k < srcs.length; k += GROUP) {
                group(true, dest, destOff + p, srcs, k, srcOff + p, l);
            }
        }
    }

    /** One pass over sources {@code k .. k+3} (fewer at the end of the list). */
    private void group(boolean acc, byte[] d, int dOff, byte[][] s, int k, int sOff, int len) {
        switch (Math.min(GROUP, s.length - k)) {
            case 1 -> {
                if (acc) {
                    into1(d, dOff, s[k], sOff, len);
                } else {
                    gen1(d, dOff, s[k], sOff, len);
                }
            }
            case 2 -> {
                if (acc) {
                    into2(d, dOff, s[k], s[k + 1], sOff, len);
                } else {
                    gen2(d, dOff, s[k], s[k + 1], sOff, len);
                }
            }
            case 3 -> {
                if (acc) {
                    into3(d, dOff, s[k], s[k + 1], s[k + 2], sOff, len);
                } else {
                    gen3(d, dOff, s[k], s[k + 1], s[k + 2], sOff, len);
                }
            }
            default -> {
                if (acc) {
                    into4(d, dOff, s[k], s[k + 1], s[k + 2], s[k + 3], sOff, len);
                } else {
                    gen4(d, dOff, s[k], s[k + 1], s[k + 2], s[k + 3], sOff, len);
                }
            }
        }
    }

    @Override
    public final void gen(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        if (srcs.length <= GROUP) {
            group(false, dest, destOff, srcs, 0, srcOff, len);
            return;
        }
        for (int p = 0; p < len; p += BLOCK) {
            int l = Math.min(BLOCK, len - p);
            group(false, dest, destOff + p, srcs, 0, srcOff + p, l);
            for (int k = GROUP; k < srcs.length; k += GROUP) {
                group(true, dest, destOff + p, srcs, k, srcOff + p, l);
            }
        }
    }

    @Override
    public final void into(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len) {
        for (int p = 0; p < len; p += BLOCK) {
            int l = Math.min(BLOCK, len - p);
            for (int k = 0; k < srcs.length; k += GROUP) {
                group(true, dest, destOff + p, srcs, k, srcOff + p, l);
            }
        }
    }

    private static void group(boolean acc, ByteBuffer d, int dOff, ByteBuffer[] s, int k, int sOff, int len) {
        switch (Math.min(GROUP, s.length - k)) {
            case 1 -> {
                if (acc) {
                    BufferWordXor.into1(d, dOff, s[k], sOff, len);
                } else {
                    BufferWordXor.gen1(d, dOff, s[k], sOff, len);
                }
            }
            case 2 -> {
                if (acc) {
                    BufferWordXor.into2(d, dOff, s[k], s[k + 1], sOff, len);
                } else {
                    BufferWordXor.gen2(d, dOff, s[k], s[k + 1], sOff, len);
                }
            }
            case 3 -> {
                if (acc) {
                    BufferWordXor.into3(d, dOff, s[k], s[k + 1], s[k + 2], sOff, len);
                } else {
                    BufferWordXor.gen3(d, dOff, s[k], s[k + 1], s[k + 2], sOff, len);
                }
            }
            default -> {
                if (acc) {
                    BufferWordXor.into4(d, dOff, s[k], s[k + 1], s[k + 2], s[k + 3], sOff, len);
                } else {
                    BufferWordXor.gen4(d, dOff, s[k], s[k + 1], s[k + 2], s[k + 3], sOff, len);
                }
            }
        }
    }

    /** Compares both forms with {@link ScalarXor} ({@link XorSelfTest}). */
    @Override
    public final void selfTest() {
        XorSelfTest.run(this);
    }

    @Override
    public final void calibrationRound() {
        calibration.run(this);
    }

    @Override
    public final long calibrationBytes() {
        return CalibrationBuffers.SIZE;
    }
}
