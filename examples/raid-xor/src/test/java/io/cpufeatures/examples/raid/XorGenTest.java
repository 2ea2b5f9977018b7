package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;

/** The public entries: the xor itself and the checks made once before the kernel runs. */
class XorGenTest {

    private static final byte[][] TWO = {{1, 2, 3, 4}, {4, 4, 4, 4}};

    @Test
    void genAndIntoFollowTheirDefinitions() {
        byte[] dest = {9, 9, 9, 9, 9, 9};
        XorGen.xorGen(dest, 1, TWO, 0, 4);
        assertArrayEquals(new byte[] {9, 5, 6, 7, 0, 9}, dest);
        XorGen.xorInto(dest, 1, TWO, 1, 3);
        assertArrayEquals(new byte[] {9, 5 ^ 2 ^ 4, 6 ^ 3 ^ 4, 7 ^ 4 ^ 4, 0, 9}, dest);
        XorGen.xorGen(dest, 0, TWO, 0, 0);
        assertEquals(9, dest[0], "a zero length writes nothing");
    }

    @Test
    void buffersAreAddressedByAbsoluteIndex() {
        ByteBuffer dest = ByteBuffer.allocateDirect(5).position(3);
        ByteBuffer[] srcs = {ByteBuffer.wrap(TWO[0]), ByteBuffer.allocateDirect(4).put(TWO[1])};
        XorGen.xorGen(dest, 1, srcs, 0, 4);
        assertEquals(3, dest.position());
        byte[] out = new byte[5];
        dest.clear().get(out);
        assertArrayEquals(new byte[] {0, 5, 6, 7, 0}, out);
    }

    @Test
    void theSourceListMustHoldOneToSixteenSources() {
        assertEquals("0 sources: xor takes 1 to 16", assertThrows(IllegalArgumentException.class,
                () -> XorGen.xorGen(new byte[4], 0, new byte[0][], 0, 4)).getMessage());
        assertEquals("17 sources: xor takes 1 to 16", assertThrows(IllegalArgumentException.class,
                () -> XorGen.xorInto(new byte[4], 0, new byte[17][4], 0, 4)).getMessage());
        assertEquals("srcs[1]", assertThrows(NullPointerException.class,
                () -> XorGen.xorGen(new byte[4], 0, new byte[][] {new byte[4], null}, 0, 4)).getMessage());
        assertEquals("dest", assertThrows(NullPointerException.class,
                () -> XorGen.xorGen((byte[]) null, 0, TWO, 0, 4)).getMessage());
        assertEquals("srcs", assertThrows(NullPointerException.class,
                () -> XorGen.xorGen(new byte[4], 0, (byte[][]) null, 0, 4)).getMessage());
    }

    @Test
    void rangesMustLieInsideTheirArrays() {
        assertEquals("srcs[1]: range [1, 1 + 4) is outside [0, 4)", assertThrows(IndexOutOfBoundsException.class,
                () -> XorGen.xorGen(new byte[8], 0, new byte[][] {new byte[8], new byte[4]}, 1, 4)).getMessage());
        assertEquals("dest: range [2, 2 + 4) is outside [0, 5)", assertThrows(IndexOutOfBoundsException.class,
                () -> XorGen.xorGen(new byte[5], 2, TWO, 0, 4)).getMessage());
        assertEquals("dest: range [-1, -1 + 4) is outside [0, 5)", assertThrows(IndexOutOfBoundsException.class,
                () -> XorGen.xorGen(new byte[5], -1, TWO, 0, 4)).getMessage());
        assertEquals("dest: range [0, 0 + -1) is outside [0, 5)", assertThrows(IndexOutOfBoundsException.class,
                () -> XorGen.xorGen(new byte[5], 0, TWO, 0, -1)).getMessage());
        assertEquals("srcs[0]: range [2, 2 + 4) is outside [0, 4)", assertThrows(IndexOutOfBoundsException.class,
                () -> XorGen.xorGen(ByteBuffer.allocate(8), 0, new ByteBuffer[] {ByteBuffer.allocate(4)}, 2, 4))
                .getMessage());
    }

    @Test
    void theDestinationMustNotOverlapASource() {
        byte[] shared = new byte[16];
        assertEquals("dest [2, 10) overlaps srcs[1] [0, 8) in the same array or buffer",
                assertThrows(IllegalArgumentException.class,
                        () -> XorGen.xorGen(shared, 2, new byte[][] {new byte[16], shared}, 0, 8)).getMessage());
        XorGen.xorGen(shared, 8, new byte[][] {shared}, 0, 8);
        ByteBuffer buf = ByteBuffer.allocateDirect(16);
        assertThrows(IllegalArgumentException.class, () -> XorGen.xorInto(buf, 4, new ByteBuffer[] {buf}, 0, 8));
        assertThrows(ReadOnlyBufferException.class,
                () -> XorGen.xorGen(buf.asReadOnlyBuffer(), 0, new ByteBuffer[] {buf}, 0, 8));
    }
}
