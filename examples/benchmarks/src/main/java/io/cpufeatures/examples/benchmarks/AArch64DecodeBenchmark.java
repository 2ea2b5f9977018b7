package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.core.CpuFeatures;
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
 * Decoding an AArch64 snapshot, warm, on any host: a Neoverse N1 as the emulation API builds it (ID registers read
 * with MRS, the HWCAPs Linux derives from them), through the AArch64 decoder alone and through the facade. Run old
 * and new code alternately in one sitting to compare them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class AArch64DecodeBenchmark {

    private AArch64Snapshot neoverseN1;

    /** The snapshot, built once. */
    @Setup(Level.Trial)
    public void snapshot() {
        neoverseN1 = ReferenceArmCpus.neoverseN1().snapshot();
    }

    /** The decoder's layers: present from the ID registers, usable against the HWCAPs and the dependencies. */
    @Benchmark
    public AArch64DecodedCpu arm64Decoder() {
        return AArch64DecodedCpu.of(neoverseN1);
    }

    /** The facade's decode: the decoder plus the report {@code has()} answers from. */
    @Benchmark
    public CpuFeatures arm64Facade() {
        return CpuFeatures.of(neoverseN1);
    }
}
