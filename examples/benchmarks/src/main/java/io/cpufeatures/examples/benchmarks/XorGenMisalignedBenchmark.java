package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.examples.raid.XorKernel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link XorGenBenchmark} at 4 KiB with every buffer {@code shift} bytes past a 64-byte boundary:
 * what heap arrays, whose alignment Java does not control (objects are 8-byte aligned), can cost.
 * A 64-byte access that crosses a cache line is split in two.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-XX:+UseG1GC"})
@State(Scope.Thread)
public class XorGenMisalignedBenchmark {

    /** Bytes per source and of the destination. */
    @Param({"4096"})
    public int size;

    /** Number of sources XORed into the destination. */
    @Param({"1", "2", "3", "4"})
    public int sources;

    /** A candidate of {@code raid.xor} by name. */
    @Param({"scalar-unrolled", "vector256", "vector512"})
    public String impl;

    /** Bytes past a 64-byte boundary, for the destination and every source. */
    @Param({"8", "32"})
    public int shift;

    private XorKernel kernel;
    private byte[] dest;
    private byte[][] srcs;
    private int offset;

    /** Makes the kernel and the buffers. */
    @Setup
    public void setUp() {
        byte[][] arrays = AlignedBuffers.random(sources + 1, size * 31L + sources);
        dest = arrays[sources];
        srcs = AlignedBuffers.first(arrays, sources);
        offset = AlignedBuffers.ALIGNED_OFFSET + shift;
        kernel = XorGenBenchmark.kernel(impl);
    }

    /** One xor_gen of {@code size} bytes, as {@link XorGen#xorGen} would run it. */
    @Benchmark
    public byte[] xorGen() {
        kernel.gen(dest, offset, srcs, offset, size);
        return dest;
    }
}
