package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.Candidate;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A context allocates no tables block after block, reused or new: FSE descriptions, sequence
 * tables, the Huffman weights table, stream readers and scratch arrays are the thread's, lent to
 * each call and rebuilt in place. What is left per frame is the frame header (and, for a new
 * context, the context's few objects).
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

    /**
     * The bound per block for a new context per block: the context's few objects and the frame
     * header, no table (a new context's first block allocated about 11 KiB of tables before a
     * call borrowed its thread's).
     */
    private static final long NEW_BOUND = 512;

    /**
     * Each pairing of kernels in a JVM of its own, as a process that uses them sees the JIT: in
     * one JVM that cycles through all four, the JIT's code for the loop that calls the copy kernel
     * is recompiled at each change, and a compilation made while the vector kernel's profile was
     * shared could leave its vectors boxed (about 400 bytes a block), which no process that uses
     * one pairing meets.
     */
    @Test
    void aReusedContextAllocatesNoTablesPerBlockAndANewOneNoneEither() throws IOException {
        Assumptions.assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                && mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(),
                "this JVM does not count a thread's allocated bytes");
        byte[] text = TestData.text(64 * 4096, 11);
        List<byte[]> originals = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            // each 4 KiB its own frame at level 1, as the benchmark's blocks: FSE tables and Huffman literals
            originals.add(Arrays.copyOfRange(text, i * 4096, (i + 1) * 4096));
        }
        // and frames of three blocks, where later blocks repeat tables and Huffman trees
        originals.add(TestData.text(300_000, 12));
        originals.add(TestData.binary(300_000, 13));
        List<String> args = new ArrayList<>();
        long blocks = 0;
        for (int i = 0; i < originals.size(); i++) {
            byte[] o = originals.get(i);
            byte[] frame = ZstdCli.compress(dir, o, o.length > 4096 ? "-3" : "-1", "--no-check");
            assertArrayEquals(o, new ZstdDecompressor().decompress(frame));
            Path f = dir.resolve("frame" + i + ".zst");
            Files.write(f, frame);
            args.add(f.toString());
            blocks += (o.length + BlockDecoder.MAX_BLOCK - 1) / BlockDecoder.MAX_BLOCK;
        }
        for (Candidate<HuffmanKernel> h : HuffmanKernels.POINT.candidates()) {
            for (Candidate<CopyKernel> c : CopyKernels.POINT.candidates()) {
                List<String> a = new ArrayList<>(List.of(h.name(), c.name(), Long.toString(blocks)));
                a.addAll(args);
                ChildJvm.Result r = ChildJvm.run(dir, List.of("--add-modules", "jdk.incubator.vector"),
                        AllocationMain.class, a.toArray(new String[0]));
                String what = h.name() + " + " + c.name() + ": " + r;
                assertEquals(0, r.exit(), what);
                List<String> lines = r.out().lines().toList();
                long reused = Long.parseLong(lines.get(0).substring("reused ".length()));
                long fresh = Long.parseLong(lines.get(1).substring("new ".length()));
                assertTrue(reused < BOUND, what + ": a reused context allocated " + reused + " bytes a block");
                assertTrue(fresh < NEW_BOUND, what + ": a new context per frame allocated " + fresh + " bytes a block");
            }
        }
    }
}
