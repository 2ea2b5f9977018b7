package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.Requirements;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.examples.raid.XorKernel;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * The native xor's variants (raid.xor.native, called through JNA's direct mapping) beside the Java kernels of
 * raid.xor, two sources, on byte arrays of exactly the size and on 64-byte aligned direct buffers: the
 * destination is {@code a ^ b}. On arrays JNA copies each whole array in and out around a native call; on
 * direct buffers the library gets addresses. JMH
 * reports operations per microsecond; GB/s of destination = ops/us x size / 1000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-XX:+UseG1GC",
        "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class XorNativeBenchmark {

    /** Bytes per source and of the destination. */
    @Param({"4096", "1048576"})
    public int size;

    /** A candidate of raid.xor (Java) or of raid.xor.native (C), by name. */
    @Param({"scalar-unrolled", "vector256", "vector512", "x86_64.baseline", "x86_64.x86-64-v3", "x86_64.x86-64-v4"})
    public String impl;

    /** {@code array} (byte[]) or {@code direct} (direct ByteBuffers, 64-byte aligned). */
    @Param({"array", "direct"})
    public String memory;

    private XorKernel kernel;
    private byte[] dest;
    private byte[][] srcs;
    private ByteBuffer destBuffer;
    private ByteBuffer[] srcBuffers;

    /** Makes the kernel (failing, with the reason, if this machine cannot run it) and the buffers. */
    @Setup
    public void setUp() {
        // arrays of exactly the size: JNA's direct mapping copies every array passed, whole, in and out
        Random r = new Random(size);
        dest = new byte[size];
        srcs = new byte[][] {new byte[size], new byte[size]};
        r.nextBytes(srcs[0]);
        r.nextBytes(srcs[1]);
        destBuffer = ByteBuffer.allocateDirect(size + 64).alignedSlice(64);
        srcBuffers = new ByteBuffer[2];
        for (int i = 0; i < 2; i++) {
            byte[] b = new byte[size];
            r.nextBytes(b);
            srcBuffers[i] = ByteBuffer.allocateDirect(size + 64).alignedSlice(64).put(0, b);
        }
        Candidate<XorKernel> c = Stream.concat(XorGen.POINT.candidates().stream(), XorGen.NATIVE.candidates().stream())
                .filter(x -> x.name().equals(impl)).findFirst().orElseThrow();
        List<Requirements.Unmet> unmet = c.requirements().check(CpuFeatures.current());
        if (!unmet.isEmpty()) {
            throw new IllegalStateException(impl + " cannot run here: " + unmet);
        }
        kernel = c.create();
    }

    /** One xor_gen of {@code size} bytes from two sources. */
    @Benchmark
    public Object xorGen() {
        if (memory.equals("direct")) {
            kernel.gen(destBuffer, 0, srcBuffers, 0, size);
            return destBuffer;
        }
        kernel.gen(dest, 0, srcs, 0, size);
        return dest;
    }
}
