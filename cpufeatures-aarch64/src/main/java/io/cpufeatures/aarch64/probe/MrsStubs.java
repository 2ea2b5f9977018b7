package io.cpufeatures.aarch64.probe;

import io.cpufeatures.aarch64.IdRegister;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The machine code of the ID-register stubs: for each {@link IdRegister}, at
 * {@code ordinal * }{@value #STRIDE}, the function {@code uint64_t read(void)} that is
 * {@code MRS X0, <register>; RET} (AAPCS64 returns in X0). Encodings from the Arm ARM: MRS is
 * {@link IdRegister#mrsX0()}, RET (to X30) is {@code 0xD65F03C0}; the rest of the page is
 * {@code BRK #0} ({@code 0xD4200000}), so anything that jumps astray traps. A64 instructions are
 * little-endian words.
 */
final class MrsStubs {

    /** Bytes between the stubs. */
    static final int STRIDE = 8;
    static final int RET = 0xD65F_03C0;
    static final int BRK_0 = 0xD420_0000;

    private MrsStubs() {
    }

    /** The code page: every register's stub, then BRK to the end. */
    static byte[] page(int size) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            b.putInt(BRK_0);
        }
        for (IdRegister r : IdRegister.values()) {
            b.putInt(r.ordinal() * STRIDE, r.mrsX0());
            b.putInt(r.ordinal() * STRIDE + 4, RET);
        }
        return b.array();
    }
}
