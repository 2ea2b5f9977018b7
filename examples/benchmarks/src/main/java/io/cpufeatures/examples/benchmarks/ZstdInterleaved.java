package io.cpufeatures.examples.benchmarks;

import com.github.luben.zstd.Zstd;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Old and new code of the zstd decoder measured in one JVM, interleaved with aircompressor, for
 * changes too small for separate JMH forks on a noisy host. Each version's
 * {@code io.cpufeatures.examples.zstd} classes are loaded from its own jar (a benchmarks jar built
 * from that version) by its own class loader; everything else comes from the class path. Each
 * decoder runs a slice in turn (40 ms of 4 KiB blocks round robin, or 60 ms of 1 MiB frames, or
 * 150 ms of larger frames), the order rotating every round; the figure is the median over rounds
 * of aircompressor's time divided by the decoder's in the same round, with its quartiles, so that
 * the host's drift falls on both sides. Ours takes a new context per 4 KiB block, a reused one for
 * frames; aircompressor is reused.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -Dwarm=60 -cp benchmarks.jar \
 *     io.cpufeatures.examples.benchmarks.ZstdInterleaved block 1 60 old=old.jar new=new.jar
 * java ... ZstdInterleaved frame 67108864 16 old=old.jar new=new.jar
 * </pre>
 *
 * Arguments: {@code block LEVEL ROUNDS} (the 256 blocks of {@link ZstdDecompressBenchmark}) or
 * {@code frame SIZE ROUNDS} (one level-3 frame as {@link ZstdThroughputBenchmark}), then
 * {@code name=jar} per version. {@code -Dwarm=N}: rounds of warm-up (default 25).
 */
public final class ZstdInterleaved {

    private static final String PACKAGE = "io.cpufeatures.examples.zstd.";

    private ZstdInterleaved() {
    }

    /** Loads the zstd package from its own jar, child first; the rest from the parent. */
    private static final class VersionLoader extends URLClassLoader {

        VersionLoader(URL jar, ClassLoader parent) {
            super(new URL[] {jar}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(PACKAGE)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    /** One decoder: decompresses {@code src} into {@code dst[0, n)}. */
    private interface Decoder {
        int decode(byte[] src, byte[] dst, int n) throws Throwable;
    }

    /** Runs the comparison and prints one line per decoder. */
    public static void main(String[] args) throws Throwable {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: block LEVEL ROUNDS name=jar... | frame SIZE ROUNDS name=jar...");
        }
        boolean blocks = args[0].equals("block");
        int param = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        byte[] corpus = HeaderCorpus.load();
        byte[][] frames;
        byte[][] originals;
        int size;
        if (blocks) {
            int n = Math.min(256, corpus.length / 4096);
            frames = new byte[n][];
            originals = new byte[n][];
            for (int i = 0; i < n; i++) {
                originals[i] = Arrays.copyOfRange(corpus, i * 4096, (i + 1) * 4096);
                frames[i] = Zstd.compress(originals[i], param);
            }
            size = 4096;
        } else {
            byte[] input = new byte[param];
            for (int i = 0; i < param; i += corpus.length) {
                System.arraycopy(corpus, 0, input, i, Math.min(corpus.length, param - i));
            }
            frames = new byte[][] {Zstd.compress(input, 3)};
            originals = new byte[][] {input};
            size = param;
        }
        List<String> names = new ArrayList<>();
        List<Decoder> decoders = new ArrayList<>();
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodType decompress = MethodType.methodType(int.class, byte[].class, int.class, int.class, byte[].class,
                int.class, int.class);
        for (int k = 3; k < args.length; k++) {
            String[] nameJar = args[k].split("=", 2);
            ClassLoader loader = new VersionLoader(Path.of(nameJar[1]).toUri().toURL(),
                    ZstdInterleaved.class.getClassLoader());
            Class<?> context = loader.loadClass(PACKAGE + "ZstdDecompressor");
            MethodHandle make = lookup.findConstructor(context, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
            MethodHandle run = lookup.findVirtual(context, "decompress", decompress)
                    .asType(decompress.insertParameterTypes(0, Object.class));
            names.add(nameJar[0]);
            if (blocks) {
                decoders.add((src, dst, n) -> (int) run.invokeExact((Object) make.invokeExact(), src, 0, src.length,
                        dst, 0, n));
            } else {
                Object reused = make.invokeExact();
                decoders.add((src, dst, n) -> (int) run.invokeExact(reused, src, 0, src.length, dst, 0, n));
            }
        }
        io.airlift.compress.zstd.ZstdDecompressor air = new io.airlift.compress.zstd.ZstdDecompressor();
        names.add("aircompressor");
        decoders.add((src, dst, n) -> air.decompress(src, 0, src.length, dst, 0, n));
        int count = decoders.size();
        byte[] dst = new byte[size];
        for (int d = 0; d < count; d++) {
            for (int i = 0; i < frames.length; i++) {
                Arrays.fill(dst, (byte) 0);
                int n = decoders.get(d).decode(frames[i], dst, size);
                if (n != originals[i].length || !Arrays.equals(originals[i], 0, n, dst, 0, n)) {
                    throw new IllegalStateException(names.get(d) + " did not restore input " + i);
                }
            }
        }
        long slice = blocks ? 40_000_000L : size > 8 << 20 ? 150_000_000L : 60_000_000L;
        int warm = Integer.getInteger("warm", 25);
        double[][] times = new double[count][rounds];
        int[] next = new int[count];
        for (int r = -warm; r < rounds; r++) {
            for (int j = 0; j < count; j++) {
                int d = Math.floorMod(j + r, count);
                Decoder decoder = decoders.get(d);
                long ops = 0;
                long start = System.nanoTime();
                long end = start + slice;
                long now;
                do {
                    int f = next[d];
                    next[d] = f + 1 == frames.length ? 0 : f + 1;
                    decoder.decode(frames[f], dst, size);
                    ops++;
                } while ((now = System.nanoTime()) < end);
                if (r >= 0) {
                    times[d][r] = (now - start) / (double) ops;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(blocks ? "4 KiB blocks, level " : "one level-3 frame of ").append(param)
                .append(blocks ? "" : " bytes").append(", Java ").append(System.getProperty("java.version"))
                .append(", ").append(rounds).append(" rounds\n");
        for (int d = 0; d < count; d++) {
            double[] sorted = times[d].clone();
            Arrays.sort(sorted);
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = times[count - 1][r] / times[d][r];
            }
            Arrays.sort(ratio);
            double median = sorted[rounds / 2];
            String figure = blocks ? String.format(Locale.ROOT, "%8.0f ns", median)
                    : String.format(Locale.ROOT, "%8.0f MB/s", size / median * 1e3);
            out.append(String.format(Locale.ROOT, "  %-14s %s  aircompressor/this %.3f (quartiles %.3f, %.3f)%n",
                    names.get(d), figure, ratio[rounds / 2], ratio[rounds / 4], ratio[3 * rounds / 4]));
        }
        System.out.print(out);
    }
}
