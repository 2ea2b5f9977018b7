package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A feature query on the hot path: {@code CpuFeatures.current().has(...)} against reading a
 * {@code static final boolean} computed from it once (what the JIT can fold to a constant).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class FeatureQueryBenchmark {

    private static final boolean AVX2 = CpuFeatures.current().has("avx2");

    /** The baseline: a static final boolean. */
    @Benchmark
    public boolean staticFinalBoolean() {
        return AVX2;
    }

    /** The process-wide report asked by canonical name. */
    @Benchmark
    public boolean currentHas() {
        return CpuFeatures.current().has("avx2");
    }

    /** The same by alias ({@code lzcnt} is {@code abm}). */
    @Benchmark
    public boolean currentHasAlias() {
        return CpuFeatures.current().has("lzcnt");
    }

    /** A JVM feature ({@code jvm.bmi2}: the JIT's UseBMI2Instructions). */
    @Benchmark
    public boolean currentHasJvmFeature() {
        return CpuFeatures.current().has("jvm.bmi2");
    }
}
