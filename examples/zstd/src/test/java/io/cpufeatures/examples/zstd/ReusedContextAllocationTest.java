package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reused context allocates no tables block after block: its FSE descriptions, sequence tables,
 * Huffman weights table, stream readers and scratch arrays are its own. What is left per frame is
 * a few small objects (the frame header, the bit readers of table descriptions, which the JIT's
 * escape analysis removes once it compiles them): about 240 bytes before, 90 after.
 */
class ReusedContextAllocationTest {

    /**
     * The bound per 4 KiB frame: a few small objects fit in it, the tables of one block do not
     * (three sequence tables of 64 states alone take 1.5 KiB; before the tables were reused a
     * context allocated about 4.8 KiB a frame here).
     */
    private static final long BOUND = 512;

    @TempDir
    static Path dir;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    @Test
    void aReusedContextAllocatesNoTablesPerBlock() throws IOException {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean mx && mx.isThreadAllocatedMemorySupported()
                && mx.isThreadAllocatedMemoryEnabled(), "this JVM does not count a thread's allocated bytes");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        byte[] text = TestData.text(64 * 4096, 11);
        byte[][] frames = new byte[64][];
        for (int i = 0; i < frames.length; i++) {
            // each 4 KiB its own frame at level 1, as the benchmark's blocks: FSE tables and Huffman literals
            frames[i] = ZstdCli.compress(dir, Arrays.copyOfRange(text, i * 4096, (i + 1) * 4096), "-1", "--no-check");
        }
        for (HuffmanKernel k : AllKernels.LIST) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernel(k).build();
            byte[] dst = new byte[4096];
            for (int i = 0; i < frames.length; i++) {
                // the first pass grows the context's arrays and checks the output
                d.decompress(frames[i], 0, frames[i].length, dst, 0, dst.length);
                assertArrayEquals(Arrays.copyOfRange(text, i * 4096, (i + 1) * 4096), dst);
            }
            long thread = Thread.currentThread().getId();
            int rounds = 20;
            long before = mx.getThreadAllocatedBytes(thread);
            for (int r = 0; r < rounds; r++) {
                for (byte[] f : frames) {
                    d.decompress(f, 0, f.length, dst, 0, dst.length);
                }
            }
            long perFrame = (mx.getThreadAllocatedBytes(thread) - before) / (rounds * frames.length);
            assertTrue(perFrame < BOUND, k.getClass().getSimpleName() + " allocated " + perFrame + " bytes a frame");
        }
    }
}
