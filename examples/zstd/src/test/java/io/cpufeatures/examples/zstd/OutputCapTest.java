package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The forms that return a new array: their output cap, and an allocation that follows what the
 * input holds, not what a header claims.
 */
class OutputCapTest {

    private static final int MIB = 1 << 20;

    private static com.sun.management.ThreadMXBean allocationCounter() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean mx && mx.isThreadAllocatedMemorySupported()
                && mx.isThreadAllocatedMemoryEnabled(), "this JVM does not count a thread's allocated bytes");
        return (com.sun.management.ThreadMXBean) bean;
    }

    @Test
    void theDefaultCapRefusesA128MiBBombWithAnErrorThatNamesIt() {
        com.sun.management.ThreadMXBean mx = allocationCounter();
        byte[] bomb = HostileFrames.rleBomb(128L * MIB, 20);
        ZstdDecompressor d = new ZstdDecompressor();
        long before = mx.getCurrentThreadAllocatedBytes();
        ZstdFormatException e = assertThrows(ZstdFormatException.class, () -> d.decompress(bomb));
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < MIB, "refused before an array is made for it: " + allocated + " bytes allocated");
        // 512 blocks of 128 KiB fill 64 MiB; the 513th block's header, at 6 + 512 * 4, passes the cap
        assertEquals("offset 2054: the content exceeds this context's output cap of 67108864 bytes"
                + " (ZstdDecompressor.Builder.maxOutputSize); raise it, or decode into a caller's array or through"
                + " ZstdInputStream", e.getMessage());
        assertEquals(64L * MIB, ZstdDecompressor.DEFAULT_MAX_OUTPUT_SIZE);
    }

    @Test
    void contentUpToTheCapDecodesAndOneByteMoreIsRefused() throws ZstdFormatException {
        long size = 2 * MIB;
        byte[] bomb = HostileFrames.rleBomb(size, 20);
        byte[] zs = new byte[(int) size];
        Arrays.fill(zs, (byte) 'z');
        assertArrayEquals(zs, ZstdDecompressor.builder().maxOutputSize(size).build().decompress(bomb));
        String m = assertThrows(ZstdFormatException.class,
                () -> ZstdDecompressor.builder().maxOutputSize(size - 1).build().decompress(bomb)).getMessage();
        assertTrue(m.contains("exceeds this context's output cap of 2097151 bytes"), m);

        // declared sizes: refused before decoding when beyond the cap, decoded (growing) up to it
        byte[] honest = HostileFrames.honestRleFrame(size);
        m = assertThrows(ZstdFormatException.class,
                () -> ZstdDecompressor.builder().maxOutputSize(size - 1).build().decompress(honest)).getMessage();
        assertEquals("offset 0: the frames declare 2097152 bytes of content, more than this context's output cap of"
                + " 2097151 bytes (ZstdDecompressor.Builder.maxOutputSize); raise it, or decode into a caller's array or"
                + " through ZstdInputStream", m);
        assertArrayEquals(HostileFrames.honestRleContent(size),
                ZstdDecompressor.builder().maxOutputSize(size).build().decompress(honest));
        // a cap of 0 passes empty content: a frame of one empty raw block
        byte[] empty = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, 0x00, 0x01, 0x00, 0x00};
        assertArrayEquals(new byte[0], ZstdDecompressor.builder().maxOutputSize(0).build().decompress(empty));
    }

    @Test
    void theCapAppliesToNewArraysOnly() throws ZstdFormatException {
        byte[] bomb = HostileFrames.rleBomb(2 * MIB, 20);
        byte[] dst = new byte[2 * MIB];
        ZstdDecompressor small = ZstdDecompressor.builder().maxOutputSize(1024).build();
        assertEquals(2 * MIB, small.decompress(bomb, 0, bomb.length, dst, 0, dst.length));
        assertThrows(IllegalArgumentException.class, () -> ZstdDecompressor.builder().maxOutputSize(-1).build());
    }

    /** A cap beyond any array means the largest array; a frame declaring more is refused saying so. */
    @Test
    void aCapBeyondAnyArrayMeansTheLargestArray() {
        // 8 GiB declared (8-byte field) and held: 65,536 RLE blocks of 128 KiB
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        long declared = 8L << 30;
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xC0, 0x50});
        for (int i = 0; i < 8; i++) {
            f.write((int) (declared >>> (8 * i)));
        }
        for (long i = 0, blocks = declared / BlockDecoder.MAX_BLOCK; i < blocks; i++) {
            int h = (i == blocks - 1 ? 1 : 0) | 1 << 1 | BlockDecoder.MAX_BLOCK << 3;
            f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16), 0});
        }
        String m = assertThrows(ZstdFormatException.class,
                () -> ZstdDecompressor.builder().maxOutputSize(Long.MAX_VALUE).build().decompress(f.toByteArray()))
                .getMessage();
        assertEquals("offset 0: the frames declare 8589934592 bytes of content, more than the largest array this"
                + " decoder makes, 2147483631 bytes; decode through ZstdInputStream", m);
    }

    /**
     * A header's claim buys at most 32 times the input (or 128 KiB): 5,013 bytes declaring
     * 100,000,000 allocate a few hundred KB before the frame is found short, not 100 MB.
     */
    @Test
    void aDeclaredSizeIsTrustedOnlyInProportionToTheInput() {
        com.sun.management.ThreadMXBean mx = allocationCounter();
        byte[] z = HostileFrames.declaresMoreThanItHolds(100_000_000, 5000);
        ZstdDecompressor d = ZstdDecompressor.builder().maxOutputSize(1L << 30).build();
        long before = mx.getCurrentThreadAllocatedBytes();
        String m = assertThrows(ZstdFormatException.class, () -> d.decompress(z)).getMessage();
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertEquals("offset 5013: the frame declares 100000000 bytes of content but decodes to 5000", m);
        assertTrue(allocated < MIB, allocated + " bytes allocated");
    }

    /**
     * A block header's size field holds 21 bits, but no block may pass its frame's block maximum: 30 RLE headers
     * claiming 2 MiB each (126 bytes) buy no array from their headers and are refused at the first block (they
     * allocated 60 MiB when the headers' sizes were added up as given).
     */
    @Test
    void rleHeadersBeyondTheBlockMaximumBuyNoArray() {
        com.sun.management.ThreadMXBean mx = allocationCounter();
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, (20 - 10) << 3});
        int size = (1 << 21) - 1;
        for (int i = 0; i < 30; i++) {
            int h = (i == 29 ? 1 : 0) | 1 << 1 | size << 3;
            f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16), 'z'});
        }
        byte[] z = f.toByteArray();
        ZstdDecompressor d = new ZstdDecompressor();
        long before = mx.getCurrentThreadAllocatedBytes();
        String m = assertThrows(ZstdFormatException.class, () -> d.decompress(z)).getMessage();
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertEquals("offset 6: block size 2097151 exceeds the block maximum of 131072 for this frame's window", m);
        assertTrue(allocated < MIB, allocated + " bytes allocated");
    }

    /**
     * Growing block by block to a declared size, the array never stops between half of it and all of it, so the
     * growth to it keeps at most half of it beside it (1.5 times the content live), and no growth more than doubles
     * what was decoded, plus two blocks. Doubling alone went from wherever it was: from 7712 bytes declaring 64 MiB
     * (32 times the input, 246,784 bytes, doubled to 63,176,704), 124 MiB live at the last growth.
     */
    @Test
    void theGrowthToTheDeclaredSizeKeepsAtMostHalfOfItBesideIt() throws ZstdFormatException {
        int block = BlockDecoder.MAX_BLOCK;
        for (long declared : new long[] {64L * MIB, 64L * MIB + 1, 64L * MIB - 1, 3L * MIB + 12345, 10_000_000}) {
            for (int inputLength : new int[] {100, 1000, 7712, 100_000, 1_000_000}) {
                Output out = Output.growing(declared, FrameScan.Bound.NONE, inputLength, 1L << 30);
                String what = declared + " bytes declared from " + inputLength + ": ";
                assertTrue(out.buffer.length <= declared / 2 || out.buffer.length == declared, what + out.buffer.length);
                long worst = out.buffer.length;
                for (int op = 0; op < declared; op += (int) Math.min(block, declared - op)) {
                    byte[] before = out.buffer;
                    out.room(op, block);
                    if (out.buffer != before) {
                        worst = Math.max(worst, (long) before.length + out.buffer.length);
                        assertTrue(out.buffer.length <= 2L * op + 2 * block, what + op + " -> " + out.buffer.length);
                    }
                }
                assertEquals(declared, out.buffer.length, what);
                assertTrue(worst <= declared + declared / 2, what + worst + " bytes live at once");
            }
        }
    }

    /** An honest frame of an ordinary ratio gets one array of its size: no growth, no trimming copy. */
    @Test
    void anHonestFrameIsAllocatedOnceExactly() throws ZstdFormatException {
        com.sun.management.ThreadMXBean mx = allocationCounter();
        byte[] content = TestData.random(MIB, 31);
        // 8 raw blocks of 128 KiB under a 4-byte declared size: a ratio of 1
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0x80, 0x50, 0, 0, 0x10, 0});
        for (int i = 0; i < 8; i++) {
            int h = (i == 7 ? 1 : 0) | BlockDecoder.MAX_BLOCK << 3;
            f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)});
            f.write(content, i * BlockDecoder.MAX_BLOCK, BlockDecoder.MAX_BLOCK);
        }
        byte[] z = f.toByteArray();
        ZstdDecompressor d = new ZstdDecompressor();
        assertArrayEquals(content, d.decompress(z));
        long before = mx.getCurrentThreadAllocatedBytes();
        byte[] out = d.decompress(z);
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertEquals(MIB, out.length);
        assertTrue(allocated < MIB + MIB / 8, allocated + " bytes allocated for 1 MiB of content");
    }

    /** A block that produces anything takes 4 bytes at least: a header may not declare more than a quarter of its bytes' worth of blocks. */
    @Test
    void aDeclaredSizeNoBlocksCouldProduceIsRefusedBeforeDecoding() {
        // declares 5 blocks' worth and 1 byte more, with 20 bytes (5 RLE blocks) after the header
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        long declared = 5L * BlockDecoder.MAX_BLOCK + 1;
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0x80, 0x50});
        for (int i = 0; i < 4; i++) {
            f.write((int) (declared >>> (8 * i)));
        }
        for (int i = 0; i < 5; i++) {
            int h = (i == 4 ? 1 : 0) | 1 << 1 | BlockDecoder.MAX_BLOCK << 3;
            f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16), 7});
        }
        String m = assertThrows(ZstdFormatException.class, () -> new ZstdDecompressor().decompress(f.toByteArray()))
                .getMessage();
        assertEquals("offset 0: the frame declares 655361 bytes of content; its 20 remaining bytes can produce at most"
                + " 655360", m);
    }
}
