package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reused context allocates no tables block after block: its FSE descriptions, sequence tables,
 * Huffman weights table, stream readers and scratch arrays are its own, rebuilt in place. What is
 * left per frame is the frame header, whether or not the JIT has compiled the code yet.
 */
class ReusedContextAllocationTest {

    /**
     * The bound per block: the frame header fits in it; no table of a block does (the smallest
     * FSE table the decoder builds here, 32 states, takes 272 bytes; the Huffman weights table as
     * much; before the tables were reused a context allocated about 4.8 KiB a 4 KiB frame).
     */
    private static final long BOUND = 192;

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
        List<byte[]> originals = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            // each 4 KiB its own frame at level 1, as the benchmark's blocks: FSE tables and Huffman literals
            originals.add(Arrays.copyOfRange(text, i * 4096, (i + 1) * 4096));
        }
        // and frames of three blocks, where later blocks repeat tables and Huffman trees
        originals.add(TestData.text(300_000, 12));
        originals.add(TestData.binary(300_000, 13));
        List<byte[]> frames = new ArrayList<>();
        long blocks = 0;
        for (byte[] o : originals) {
            frames.add(ZstdCli.compress(dir, o, o.length > 4096 ? "-3" : "-1", "--no-check"));
            blocks += (o.length + BlockDecoder.MAX_BLOCK - 1) / BlockDecoder.MAX_BLOCK;
        }
        for (Kernels k : AllKernels.LIST) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
            byte[] dst = new byte[300_000];
            for (int i = 0; i < frames.size(); i++) {
                // the first pass grows the context's arrays and checks the output
                byte[] f = frames.get(i);
                int n = d.decompress(f, 0, f.length, dst, 0, dst.length);
                assertArrayEquals(originals.get(i), Arrays.copyOf(dst, n));
            }
            int rounds = 10;
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < rounds; r++) {
                for (byte[] f : frames) {
                    d.decompress(f, 0, f.length, dst, 0, dst.length);
                }
            }
            long perBlock = (mx.getCurrentThreadAllocatedBytes() - before) / (rounds * blocks);
            assertTrue(perBlock < BOUND, k + " allocated " + perBlock + " bytes a block");
        }
    }
}
