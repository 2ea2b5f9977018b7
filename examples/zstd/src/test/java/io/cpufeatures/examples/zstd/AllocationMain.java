package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Candidate;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM's side of {@link ReusedContextAllocationTest}: with one pairing of kernels, as a
 * process that uses them alone sees the JIT, decodes the frames given (each file a frame) 100 rounds
 * to warm up, then 10 rounds more, and prints the bytes this thread allocated per block in those
 * rounds, {@code reused <bytes>} with one context for everything and {@code new <bytes>} with a
 * new context per frame.
 *
 * <p>Arguments: the {@code zstd.huffman} candidate, the {@code zstd.copy} candidate, the number
 * of blocks in all the frames, then the frames' files.
 */
public final class AllocationMain {

    private AllocationMain() {
    }

    private static <T> T candidate(List<Candidate<T>> candidates, String name) {
        return candidates.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().create();
    }

    public static void main(String[] args) throws Exception {
        Kernels k = new Kernels(candidate(HuffmanKernels.POINT.candidates(), args[0]),
                candidate(CopyKernels.POINT.candidates(), args[1]));
        long blocks = Long.parseLong(args[2]);
        List<byte[]> frames = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            frames.add(Files.readAllBytes(Path.of(args[i])));
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] dst = new byte[300_000];
        ZstdDecompressor reused = ZstdDecompressor.builder().kernels(k).build();
        for (int pass = 0; pass < 2; pass++) {
            // pass 0 warms up (the first frame grows the thread's arrays, and C2 compiles the
            // loops: until it does, the vector kernel's vectors are objects), pass 1 measures
            int rounds = pass == 0 ? 100 : 10;
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < rounds; r++) {
                for (byte[] f : frames) {
                    reused.decompress(f, 0, f.length, dst, 0, dst.length);
                }
            }
            long reusedPerBlock = (mx.getCurrentThreadAllocatedBytes() - before) / (rounds * blocks);
            before = mx.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < rounds; r++) {
                for (byte[] f : frames) {
                    ZstdDecompressor.builder().kernels(k).build().decompress(f, 0, f.length, dst, 0, dst.length);
                }
            }
            long newPerBlock = (mx.getCurrentThreadAllocatedBytes() - before) / (rounds * blocks);
            if (pass == 1) {
                System.out.println("reused " + reusedPerBlock);
                System.out.println("new " + newPerBlock);
            }
        }
    }
}
