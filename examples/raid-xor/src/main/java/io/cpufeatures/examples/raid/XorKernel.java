package io.cpufeatures.examples.raid;

import java.nio.ByteBuffer;

/**
 * One implementation of RAID xor: {@code gen} writes the XOR of the sources into the destination
 * (ISA-L {@code xor_gen}), {@code into} XORs them into it (Linux {@code xor_blocks}:
 * {@code dest ^= s1 ^ ... ^ sN}). Arguments are checked once by {@link XorGen}; a kernel trusts
 * them: 1 to {@value XorGen#MAX_SOURCES} sources, every range inside its array or buffer, the
 * destination range overlapping no source range.
 */
public interface XorKernel {

    /** {@code dest[destOff, destOff+len) = srcs[0][srcOff..] ^ ... ^ srcs[n-1][srcOff..]}. */
    void gen(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len);

    /** {@code dest[destOff, destOff+len) ^= srcs[0][srcOff..] ^ ... ^ srcs[n-1][srcOff..]}. */
    void into(byte[] dest, int destOff, byte[][] srcs, int srcOff, int len);

    /** As {@link #gen(byte[], int, byte[][], int, int)}, with absolute buffer indices; positions are not touched. */
    void gen(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len);

    /** As {@link #into(byte[], int, byte[][], int, int)}, with absolute buffer indices; positions are not touched. */
    void into(ByteBuffer dest, int destOff, ByteBuffer[] srcs, int srcOff, int len);
}
