package io.cpufeatures.examples.benchmarks;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.probe.NativeCpuid;
import io.cpufeatures.x86.probe.X86Probe;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the probe costs, warm: one CPUID through the stub (to compare with the native anchor's
 * ~6.6 µs per CPUID in this VM), the whole native snapshot (map the stub, ~26 CPUIDs, XGETBV,
 * unmap), decoding it, and a full uncached probe as an application would pay per context if it
 * probed per context.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ProbeCostBenchmark {

    private NativeCpuid cpu;
    private CpuidSnapshot snapshot;

    /** Opens the stub once for the single-CPUID benchmark. */
    @Setup(Level.Trial)
    public void open() throws NativeProbeException {
        cpu = NativeCpuid.open();
        snapshot = X86Probe.system().probe(ProbeMode.NATIVE).snapshot().orElseThrow();
    }

    /** Unmaps the stub. */
    @TearDown(Level.Trial)
    public void close() {
        cpu.close();
    }

    /** One CPUID (leaf 1) through the JNA-called stub. */
    @Benchmark
    public CpuidRegisters cpuidLeaf1() {
        return cpu.cpuid(1, 0);
    }

    /** Map the stub, read every leaf the decoder needs and XCR0, unmap. */
    @Benchmark
    public X86Probe.Outcome nativeSnapshot() {
        return X86Probe.system().probe(ProbeMode.NATIVE);
    }

    /** Decode a snapshot through every layer. */
    @Benchmark
    public X86DecodedCpu decode() {
        return X86DecodedCpu.of(snapshot);
    }

    /** What probing per context costs: a full probe and decode, bypassing the cache. */
    @Benchmark
    public CpuFeatures probeUncached() {
        return CpuFeatures.probeUncached();
    }
}
