package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decoding a snapshot, warm: this machine's native snapshot through the x86 decoder alone, and
 * through the facade ({@code CpuFeatures.of}, which also builds the name table {@code has()}
 * reads), with XCR0 as read by XGETBV and with XCR0 forgotten (inferred from leaf 0xD, as for
 * every dump). Run old and new code alternately in one sitting to compare them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class DecodeBenchmark {

    private CpuidSnapshot read;
    private CpuidSnapshot inferred;

    /** The snapshot of this machine, as probed, and without its XCR0. */
    @Setup(Level.Trial)
    public void snapshot() {
        read = CpuFeatures.current().unwrap(X86DecodedCpu.class).orElseThrow(
                () -> new IllegalStateException("this benchmark needs the native x86 probe")).snapshot();
        inferred = read.withoutXcr0();
    }

    /** The decoder's layers, XCR0 read with XGETBV. */
    @Benchmark
    public X86DecodedCpu decoder() {
        return X86DecodedCpu.of(read);
    }

    /** The decoder's layers, XCR0 inferred from leaf 0xD. */
    @Benchmark
    public X86DecodedCpu decoderInferringXcr0() {
        return X86DecodedCpu.of(inferred);
    }

    /** The facade's decode: the decoder plus the report {@code has()} answers from. */
    @Benchmark
    public CpuFeatures facade() {
        return CpuFeatures.of(read);
    }
}
