package io.cpufeatures.examples.benchmarks;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.examples.zstd.ZstdDecompressor;
import io.cpufeatures.examples.zstd.ZstdFormatException;
import io.cpufeatures.x86.probe.NativeCpuid;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decompressing one 4 KiB block of real text (the native anchor's {@code /usr/include/*.h}
 * corpus, its first 256 blocks of 4 KiB as {@code zstd_bench.c} takes them, compressed one frame
 * each by libzstd at {@code level}), the
 * shape of {@code ../shared/bench/zstd_bench.c}: ours with a new context per block, a reused one,
 * a new one plus an uncached probe of the whole CPU ({@code probeUncached()}), and a new one plus
 * the three CPUIDs libzstd's {@code ZSTD_cpuid()} runs in every context (leaves 0, 1 and 7, see
 * zstd's {@code lib/common/cpu.h}; what every context cost before "probe once"); zstd-jni with a new
 * and a reused context; aircompressor reused. Each call takes the next block, round robin. The
 * forks read {@code jdk.incubator.vector}, so that {@code zstd.copy} may choose its Vector API
 * kernel as an application that adds the module gets it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class ZstdDecompressBenchmark {

    private static final int BLOCK = 4096;
    /** The blocks {@code ../shared/bench/zstd_bench.c} reads (its {@code MAXBLK}). */
    private static final int BLOCKS = 256;

    /** Which decoder, and how its context is used. */
    @Param({"ours-new", "ours-reused", "ours-probe-per-context", "ours-zstd-cpuid-per-context", "zstdjni-new",
        "zstdjni-reused", "aircompressor-reused"})
    public String decoder;

    /** The libzstd level the blocks were compressed at. */
    @Param({"1", "3"})
    public int level;

    private byte[][] frames;
    private final byte[] dst = new byte[BLOCK];
    private int next;
    private ZstdDecompressor ours;
    private ZstdDecompressCtx jni;
    private io.airlift.compress.zstd.ZstdDecompressor air;
    private NativeCpuid cpu;

    /** Compresses the corpus's 4 KiB blocks and checks that every decoder restores them. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        byte[] corpus = HeaderCorpus.load();
        int n = Math.min(BLOCKS, corpus.length / BLOCK);
        frames = new byte[n][];
        for (int i = 0; i < n; i++) {
            frames[i] = Zstd.compress(Arrays.copyOfRange(corpus, i * BLOCK, (i + 1) * BLOCK), level);
        }
        ours = new ZstdDecompressor();
        jni = new ZstdDecompressCtx();
        air = new io.airlift.compress.zstd.ZstdDecompressor();
        if (decoder.equals("ours-zstd-cpuid-per-context")) {
            cpu = NativeCpuid.open();
        }
        for (int i = 0; i < n; i++) {
            byte[] expected = Arrays.copyOfRange(corpus, i * BLOCK, (i + 1) * BLOCK);
            if (decode() != BLOCK || !Arrays.equals(expected, dst)) {
                throw new IllegalStateException(decoder + " did not restore block " + i);
            }
        }
        next = 0;
    }

    /** Frees the native context and unmaps the CPUID stubs. */
    @TearDown(Level.Trial)
    public void tearDown() {
        jni.close();
        if (cpu != null) {
            cpu.close();
        }
    }

    /** One 4 KiB block, the next one in turn. */
    @Benchmark
    public int decode() throws ZstdFormatException {
        byte[] src = frames[next];
        next = next + 1 == frames.length ? 0 : next + 1;
        switch (decoder) {
            case "ours-new":
                return new ZstdDecompressor().decompress(src, 0, src.length, dst, 0, BLOCK);
            case "ours-reused":
                return ours.decompress(src, 0, src.length, dst, 0, BLOCK);
            case "ours-probe-per-context":
                CpuFeatures.probeUncached();
                return new ZstdDecompressor().decompress(src, 0, src.length, dst, 0, BLOCK);
            case "ours-zstd-cpuid-per-context":
                cpu.cpuid(0, 0);
                cpu.cpuid(1, 0);
                cpu.cpuid(7, 0);
                return new ZstdDecompressor().decompress(src, 0, src.length, dst, 0, BLOCK);
            case "zstdjni-new":
                try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
                    return ctx.decompressByteArray(dst, 0, BLOCK, src, 0, src.length);
                }
            case "zstdjni-reused":
                return jni.decompressByteArray(dst, 0, BLOCK, src, 0, src.length);
            case "aircompressor-reused":
                return air.decompress(src, 0, src.length, dst, 0, BLOCK);
            default:
                throw new IllegalArgumentException("unknown decoder " + decoder);
        }
    }
}
