package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.Requirements;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.examples.raid.XorKernel;
import java.util.List;
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
 * RAID xor_gen throughput in the shape of the native anchor {@code xor_bench.c}: the destination is
 * the XOR of {@code sources} buffers of {@code size} bytes, by the kernel {@code impl} called
 * directly, or through the public entry with its checks ({@code impl=dispatched}). Buffers are
 * 64-byte aligned like the anchor's ({@link AlignedBuffers}); {@link XorGenMisalignedBenchmark}
 * shows what misalignment costs. JMH reports operations per microsecond; GB/s of destination =
 * ops/us x size / 1000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-XX:+UseG1GC"})
@State(Scope.Thread)
public class XorGenBenchmark {

    /** Bytes per source and of the destination. */
    @Param({"4096", "65536", "1048576"})
    public int size;

    /** Number of sources XORed into the destination. */
    @Param({"1", "2", "3", "4"})
    public int sources;

    /** A candidate of {@code raid.xor} by name, or {@code dispatched} for {@link XorGen#xorGen}. */
    @Param({"scalar", "scalar-unrolled", "vector256", "vector512", "dispatched"})
    public String impl;

    private XorKernel kernel;
    private byte[] dest;
    private byte[][] srcs;
    private final int offset = AlignedBuffers.ALIGNED_OFFSET;

    /** Makes the kernel (failing, with the reason, if this machine cannot run it) and the buffers. */
    @Setup
    public void setUp() {
        byte[][] arrays = AlignedBuffers.random(sources + 1, size * 31L + sources);
        dest = arrays[sources];
        srcs = AlignedBuffers.first(arrays, sources);
        kernel = impl.equals("dispatched") ? null : kernel(impl);
    }

    static XorKernel kernel(String name) {
        Candidate<XorKernel> c = XorGen.POINT.candidates().stream().filter(x -> x.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no candidate " + name + " in " + XorGen.POINT.candidateNames()));
        List<Requirements.Unmet> unmet = c.requirements().check(CpuFeatures.current());
        if (!unmet.isEmpty()) {
            throw new IllegalStateException(name + " cannot run here: " + unmet);
        }
        return c.create();
    }

    /** One xor_gen of {@code size} bytes. */
    @Benchmark
    public byte[] xorGen() {
        if (kernel == null) {
            XorGen.xorGen(dest, offset, srcs, offset, size);
        } else {
            kernel.gen(dest, offset, srcs, offset, size);
        }
        return dest;
    }
}
