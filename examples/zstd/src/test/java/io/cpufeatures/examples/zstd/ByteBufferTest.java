package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ZstdDecompressor#decompress(ByteBuffer, ByteBuffer)} with every kind of buffer on each
 * side: heap, heap at an array offset, read-only, direct. Direct and read-only buffers are decoded
 * block by block, without a copy of either buffer.
 */
class ByteBufferTest {

    @TempDir
    static Path dir;

    private static final int MIB = 1 << 20;

    /** Buffers holding {@code bytes} (sources) by kind. */
    private static Map<String, java.util.function.Function<byte[], ByteBuffer>> sources() {
        Map<String, java.util.function.Function<byte[], ByteBuffer>> m = new LinkedHashMap<>();
        m.put("heap", ByteBuffer::wrap);
        m.put("heap slice", b -> {
            ByteBuffer big = ByteBuffer.allocate(b.length + 20);
            big.position(7);
            return big.slice().put(b).flip();
        });
        m.put("read-only heap", b -> ByteBuffer.wrap(b).asReadOnlyBuffer());
        m.put("direct", b -> ByteBuffer.allocateDirect(b.length).put(b).flip());
        m.put("read-only direct", b -> ByteBuffer.allocateDirect(b.length).put(b).flip().asReadOnlyBuffer());
        return m;
    }

    /** Empty destination buffers of a capacity, by kind. */
    private static Map<String, IntFunction<ByteBuffer>> destinations() {
        Map<String, IntFunction<ByteBuffer>> m = new LinkedHashMap<>();
        m.put("heap", ByteBuffer::allocate);
        m.put("heap slice", n -> ByteBuffer.allocate(n + 20).position(5).limit(5 + n).slice());
        m.put("direct", ByteBuffer::allocateDirect);
        return m;
    }

    /** 300 KB of text in a 128 KiB window (so the block-by-block path shifts its scratch), then a skippable frame and a small frame. */
    private static byte[][] frames() throws IOException {
        ZstdCli.require();
        byte[] a = TestData.text(300_000, 41);
        byte[] b = TestData.binary(5000, 42);
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        z.write(ZstdCli.compress(dir, a, "-3", "--zstd=wlog=17"));
        z.write(new byte[] {0x50, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 1, 2});
        z.write(ZstdCli.compress(dir, b, "-19", "--no-check"));
        byte[] content = new byte[a.length + b.length];
        System.arraycopy(a, 0, content, 0, a.length);
        System.arraycopy(b, 0, content, a.length, b.length);
        return new byte[][] {content, z.toByteArray()};
    }

    @Test
    void everyKindOfSourceAndDestinationWithEveryKernel() throws IOException {
        byte[][] f = frames();
        byte[] content = f[0];
        for (Kernels k : AllKernels.LIST) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
            for (var s : sources().entrySet()) {
                for (var t : destinations().entrySet()) {
                    String what = s.getKey() + " to " + t.getKey() + " with " + k;
                    ByteBuffer src = s.getValue().apply(f[1]);
                    ByteBuffer dst = t.getValue().apply(content.length + 10);
                    dst.position(3);
                    assertEquals(content.length, d.decompress(src, dst), what);
                    assertEquals(f[1].length, src.position(), what);
                    assertEquals(3 + content.length, dst.position(), what);
                    byte[] got = new byte[content.length];
                    dst.position(3);
                    dst.get(got);
                    assertArrayEquals(content, got, what);
                }
            }
        }
    }

    @Test
    void errorsMoveNeitherPosition() throws IOException {
        byte[][] f = frames();
        ZstdDecompressor d = new ZstdDecompressor();
        for (var s : sources().entrySet()) {
            for (var t : destinations().entrySet()) {
                String what = s.getKey() + " to " + t.getKey();
                ByteBuffer small = t.getValue().apply(f[0].length - 1);
                ByteBuffer src = s.getValue().apply(f[1]);
                String m = assertThrows(IllegalArgumentException.class, () -> d.decompress(src, small), what).getMessage();
                assertTrue(m.startsWith("destination too small"), what + ": " + m);
                assertEquals(0, src.position(), what);
                assertEquals(0, small.position(), what);
                ByteBuffer cut = s.getValue().apply(java.util.Arrays.copyOf(f[1], 1000));
                ByteBuffer dst = t.getValue().apply(f[0].length);
                assertThrows(ZstdFormatException.class, () -> d.decompress(cut, dst), what);
                assertEquals(0, cut.position(), what);
                assertEquals(0, dst.position(), what);
            }
            // a read-only destination is refused before the source is read
            ByteBuffer src = s.getValue().apply(f[1]);
            ByteBuffer readOnly = ByteBuffer.allocate(f[0].length).asReadOnlyBuffer();
            assertThrows(ReadOnlyBufferException.class, () -> d.decompress(src, readOnly), s.getKey());
            assertEquals(0, src.position(), s.getKey());
            ByteBuffer garbage = s.getValue().apply(new byte[] {'n', 'o', 't', ' ', 'z', 's', 't', 'd'});
            assertThrows(ReadOnlyBufferException.class, () -> d.decompress(garbage, readOnly), s.getKey() + ", garbage");
        }
    }

    /**
     * 4 MiB of raw blocks in a 256 KiB window, from a direct source to a direct destination of
     * 8 MiB: less than 1 MiB of heap is allocated (the scratch is the window and two blocks), where
     * a copy of the source and one of the destination took 12 MiB.
     */
    @Test
    void directBuffersAreNotCopiedWhole() throws ZstdFormatException {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean mx && mx.isThreadAllocatedMemorySupported()
                && mx.isThreadAllocatedMemoryEnabled(), "this JVM does not count a thread's allocated bytes");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        byte[] content = TestData.random(4 * MIB, 43);
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, 0x40});
        for (int i = 0; i < 32; i++) {
            int h = (i == 31 ? 1 : 0) | BlockDecoder.MAX_BLOCK << 3;
            f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)});
            f.write(content, i * BlockDecoder.MAX_BLOCK, BlockDecoder.MAX_BLOCK);
        }
        byte[] z = f.toByteArray();
        ByteBuffer src = ByteBuffer.allocateDirect(z.length).put(z).flip();
        ByteBuffer dst = ByteBuffer.allocateDirect(8 * MIB);
        ZstdDecompressor d = new ZstdDecompressor();
        long before = mx.getCurrentThreadAllocatedBytes();
        assertEquals(content.length, d.decompress(src, dst));
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < MIB, allocated + " bytes allocated");
        byte[] got = new byte[content.length];
        dst.flip().get(got);
        assertArrayEquals(content, got);
    }
}
