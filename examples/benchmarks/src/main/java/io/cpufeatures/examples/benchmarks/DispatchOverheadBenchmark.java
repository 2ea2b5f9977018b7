package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.DispatchOverrides;
import io.cpufeatures.dispatch.Selection;
import io.cpufeatures.examples.skeleton.BitCount;
import io.cpufeatures.examples.skeleton.BitCounts;
import io.cpufeatures.examples.skeleton.PopcntBitCount;
import io.cpufeatures.examples.skeleton.ScalarBitCount;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A dispatched call against a direct one: the skeleton's bit count through its point's selection
 * held in a static final field ({@code dispatched}), and the same implementation called directly
 * ({@code direct}); then what a selection itself costs, without the probe (the report is cached).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Benchmark)
public class DispatchOverheadBenchmark {

    private static final BitCount DIRECT = BitCounts.POINT.selection().name().equals("popcnt")
            ? new PopcntBitCount() : new ScalarBitCount();

    private final long[] words = new Random(42).longs(16).toArray();

    /** The chosen implementation's class, called directly. */
    @Benchmark
    public long direct() {
        return DIRECT.count(words);
    }

    /** The public entry, through the selection held in a static final field. */
    @Benchmark
    public long dispatched() {
        return BitCounts.count(words);
    }

    /** A full selection on this machine: requirements, making and self-testing the winner. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Selection<BitCount> selection() {
        return BitCounts.POINT.selectForTest(CpuFeatures.current(), DispatchOverrides.none());
    }
}
