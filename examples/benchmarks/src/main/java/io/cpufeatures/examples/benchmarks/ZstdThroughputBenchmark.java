package io.cpufeatures.examples.benchmarks;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.cpufeatures.examples.zstd.ZstdDecompressor;
import io.cpufeatures.examples.zstd.ZstdFormatException;
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
 * Decompression speed on larger inputs: the header corpus repeated to {@code size} bytes,
 * compressed by libzstd at level 3 as one frame, decoded by a reused context of each decoder.
 * JMH reports operations per second; MB/s = ops/s x size / 10^6. The forks read
 * {@code jdk.incubator.vector}, as {@link ZstdDecompressBenchmark}'s do.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@State(Scope.Thread)
public class ZstdThroughputBenchmark {

    /** The decompressed size. */
    @Param({"1048576", "67108864"})
    public int size;

    /** Which decoder (always a reused context). */
    @Param({"ours", "zstdjni", "aircompressor"})
    public String decoder;

    private byte[] frame;
    private byte[] dst;
    private ZstdDecompressor ours;
    private ZstdDecompressCtx jni;
    private io.airlift.compress.zstd.ZstdDecompressor air;

    /** Builds and compresses the input, and checks the decoder restores it. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        byte[] corpus = HeaderCorpus.load();
        byte[] input = new byte[size];
        for (int i = 0; i < size; i += corpus.length) {
            System.arraycopy(corpus, 0, input, i, Math.min(corpus.length, size - i));
        }
        frame = Zstd.compress(input, 3);
        dst = new byte[size];
        ours = new ZstdDecompressor();
        jni = new ZstdDecompressCtx();
        air = new io.airlift.compress.zstd.ZstdDecompressor();
        if (decode() != size || !Arrays.equals(input, dst)) {
            throw new IllegalStateException(decoder + " did not restore the input");
        }
    }

    /** Frees the native context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        jni.close();
    }

    /** One whole frame. */
    @Benchmark
    public int decode() throws ZstdFormatException {
        return switch (decoder) {
            case "ours" -> ours.decompress(frame, 0, frame.length, dst, 0, size);
            case "zstdjni" -> jni.decompressByteArray(dst, 0, size, frame, 0, frame.length);
            case "aircompressor" -> air.decompress(frame, 0, frame.length, dst, 0, size);
            default -> throw new IllegalArgumentException("unknown decoder " + decoder);
        };
    }
}
