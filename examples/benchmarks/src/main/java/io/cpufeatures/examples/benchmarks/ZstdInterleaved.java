package io.cpufeatures.examples.benchmarks;

import com.github.luben.zstd.Zstd;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 * java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Dwarm=60 -cp benchmarks.jar \
 *     io.cpufeatures.examples.benchmarks.ZstdInterleaved block 1 60 old=old.jar new=new.jar
 * java ... ZstdInterleaved frame 67108864 16 old=old.jar new=new.jar
 * </pre>
 *
 * Arguments: {@code block LEVEL ROUNDS} (the 256 blocks of {@link ZstdDecompressBenchmark}) or
 * {@code frame SIZE ROUNDS} (one level-3 frame as {@link ZstdThroughputBenchmark}), then
 * {@code name=jar} per version. {@code -Dwarm=N}: rounds of warm-up (default 25). Each version's
 * dispatch points choose as in any process (overrides such as
 * {@code -Dcpufeatures.dispatch.zstd.copy=generic} apply to every version that has the point).
 *
 * <p>The same jar given under two names ({@code a=base.jar b=base.jar}: each name has its own class
 * loader, so its own classes) measures the floor under any comparison: one JVM compiling identical
 * code twice. On a busy 2-vCPU guest the two differed by up to 9% in one sitting (docs/zstd.md),
 * so a change smaller than that needs several sittings before it counts.
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

    private static final String USAGE = "usage: ZstdInterleaved block LEVEL ROUNDS NAME=JAR... | frame SIZE ROUNDS NAME=JAR...";

    /**
     * The command line, checked whole before anything is measured.
     *
     * @param blocks   {@code block} (4 KiB blocks, a new context each) or {@code frame} (one reused context)
     * @param param    the level for blocks (1 to 22), the frame's size in bytes for a frame (1 to 1 GiB)
     * @param rounds   measured rounds, at least 1
     * @param versions each version's name and benchmarks jar (an existing file), in order
     */
    record Arguments(boolean blocks, int param, int rounds, Map<String, Path> versions) {

        /**
         * Parses {@code args}.
         *
         * @throws IllegalArgumentException in one line: what was wrong, where, and what is accepted
         */
        static Arguments parse(String[] args) {
            if (args.length < 4) {
                throw new IllegalArgumentException("expected a mode, a number, rounds and at least one NAME=JAR, got "
                        + args.length + " argument(s); " + USAGE);
            }
            boolean blocks = switch (args[0]) {
                case "block" -> true;
                case "frame" -> false;
                default -> throw new IllegalArgumentException("argument 1: unknown mode '" + args[0]
                        + "'; accepted: block, frame");
            };
            int param = blocks ? number(args[1], 2, "LEVEL", 1, 22) : number(args[1], 2, "SIZE", 1, 1 << 30);
            int rounds = number(args[2], 3, "ROUNDS", 1, 1_000_000);
            Map<String, Path> versions = new LinkedHashMap<>();
            for (int k = 3; k < args.length; k++) {
                int eq = args[k].indexOf('=');
                if (eq <= 0 || eq == args[k].length() - 1) {
                    throw new IllegalArgumentException("argument " + (k + 1) + ": '" + args[k]
                            + "' is not NAME=JAR (a version's name, '=', its benchmarks jar)");
                }
                String name = args[k].substring(0, eq);
                if (name.equals("aircompressor") || versions.containsKey(name)) {
                    throw new IllegalArgumentException("argument " + (k + 1) + ": the name '" + name
                            + "' is taken; each version needs its own name, not 'aircompressor'");
                }
                Path jar = Path.of(args[k].substring(eq + 1));
                if (!Files.isRegularFile(jar)) {
                    throw new IllegalArgumentException("argument " + (k + 1) + ": JAR '" + jar
                            + "' is not a file; give a benchmarks jar built from that version");
                }
                versions.put(name, jar);
            }
            return new Arguments(blocks, param, rounds, versions);
        }

        private static int number(String text, int position, String what, int min, int max) {
            try {
                int n = Integer.parseInt(text);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("argument " + position + ": " + what + " '" + text
                    + "' is not a whole number from " + min + " to " + max);
        }
    }

    /** Runs the comparison and prints one line per decoder. */
    public static void main(String[] args) throws Throwable {
        Arguments a = Arguments.parse(args);
        boolean blocks = a.blocks();
        int param = a.param();
        int rounds = a.rounds();
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
        for (Map.Entry<String, Path> version : a.versions().entrySet()) {
            ClassLoader loader = new VersionLoader(version.getValue().toUri().toURL(),
                    ZstdInterleaved.class.getClassLoader());
            Class<?> context = loader.loadClass(PACKAGE + "ZstdDecompressor");
            MethodHandle make = lookup.findConstructor(context, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
            MethodHandle run = lookup.findVirtual(context, "decompress", decompress)
                    .asType(decompress.insertParameterTypes(0, Object.class));
            names.add(version.getKey());
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
