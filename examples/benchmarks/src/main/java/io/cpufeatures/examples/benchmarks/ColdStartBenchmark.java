package io.cpufeatures.examples.benchmarks;

import com.sun.jna.Native;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * First-use costs, each measured once in each of many fresh JVMs: loading JNA alone, the first
 * {@code CpuFeatures.current()} of a process (JNA, the stub, the probe, decoding, class loading),
 * and the first look at the JVM view (the HotSpot MXBean and, with the module, the Vector API).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(15)
public class ColdStartBenchmark {

    /** JNA's class initialisation: unpacking and loading libjnidispatch. */
    @Benchmark
    public int jnaLoad() {
        return Native.POINTER_SIZE;
    }

    /** The first report of a process. */
    @Benchmark
    public CpuFeatures firstCurrent() {
        return CpuFeatures.current();
    }

    /** The first JVM view of a process. */
    @Benchmark
    public JvmView firstJvmView() {
        return JvmView.current();
    }
}
