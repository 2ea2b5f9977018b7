package io.cpufeatures.examples.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Turns one side-by-side run of {@code xor-side-by-side.sh} (the native anchor's output and the
 * JMH CSVs of each JDK) into the results section of {@code docs/raid-xor.md} and the chart
 * {@code docs/raid-xor.svg}. Usage: {@code XorResultsReport docs/results [docs]}.
 */
public final class XorResultsReport {

    static final String BEGIN = ResultsSection.begin("xor");
    static final String END = ResultsSection.end("xor");
    private static final int[] SIZES = {4096, 65536, 1048576};
    private static final String[] KERNELS = {"vector512", "vector256", "scalar-unrolled", "scalar", "dispatched"};
    private static final String[][] ANCHORS = {
        {"C AVX-512 gen", "C AVX-512 loop (`vpternlogq`, aligned)"},
        {"C AVX2 gen", "C AVX2 loop (aligned)"},
        {"isal xor_gen (dispatch)", "ISA-L `xor_gen` (its own dispatch)"},
    };

    private XorResultsReport() {
    }

    /** One JDK's results. */
    record Jdk(int feature, String version, JmhCsv aligned, JmhCsv misaligned) {
    }

    /** Reads the run from {@code args[0]}, rewrites the section and chart under {@code args[1]} (default: its parent). */
    public static void main(String[] args) throws IOException {
        Path results = Path.of(args.length > 0 ? args[0] : "docs/results");
        Path docs = args.length > 1 ? Path.of(args[1]) : results.toAbsolutePath().getParent();
        AnchorResults anchor = AnchorResults.parse(Files.readString(results.resolve("xor-anchor.txt")));
        List<Jdk> jdks = load(results);
        Path page = docs.resolve("raid-xor.md");
        Files.writeString(page, replaceSection(Files.readString(page), markdown(anchor, jdks)));
        Files.writeString(docs.resolve("raid-xor.svg"), chart(anchor, jdks));
    }

    static List<Jdk> load(Path results) throws IOException {
        List<Jdk> jdks = new ArrayList<>();
        for (var e : RunFiles.csvs(results, "xor", "XorGenBenchmark").entrySet()) {
            int v = e.getKey();
            jdks.add(new Jdk(v, RunFiles.version(results, "xor", v), JmhCsv.parse(Files.readString(e.getValue())),
                    RunFiles.csv(results, "xor", v, "XorGenMisalignedBenchmark").orElse(null)));
        }
        return List.copyOf(jdks);
    }

    /** GB/s of destination from JMH's ops/us. */
    static double gbps(JmhCsv csv, String impl, int size, int sources, Map<String, String> extra) {
        Map<String, String> params = new TreeMap<>(extra);
        params.put("impl", impl);
        params.put("size", Integer.toString(size));
        params.put("sources", Integer.toString(sources));
        OptionalDouble s = csv.score(params);
        return s.isPresent() ? s.getAsDouble() * size / 1000 : Double.NaN;
    }

    static String markdown(AnchorResults anchor, List<Jdk> jdks) {
        StringBuilder md = new StringBuilder();
        md.append("Machine: ").append(anchor.machine()).append(". JDKs: ");
        md.append(String.join("; ", jdks.stream().map(j -> j.version().isEmpty() ? "JDK " + j.feature() : j.version()).toList()));
        md.append(".\nGB/s of destination (10^9 bytes/s); C: median of 11 repetitions of 128 MiB, Java: JMH mean of 5 x 1 s"
                + " after 4 x 1 s of warm-up; every program pinned to CPU 1, buffers 64-byte aligned.\n");
        for (int size : SIZES) {
            md.append("\n#### ").append(size(size)).append("\n\n");
            md.append("| implementation | 1 source | 2 sources | 3 sources | 4 sources |\n|---|--:|--:|--:|--:|\n");
            for (String[] a : ANCHORS) {
                md.append("| ").append(a[1]);
                for (int n = 1; n <= 4; n++) {
                    md.append(" | ").append(cell(anchor.gbps(size, n, a[0])));
                }
                md.append(" |\n");
            }
            for (Jdk j : jdks) {
                for (String k : KERNELS) {
                    md.append("| Java ").append(j.feature()).append(" ").append(label(k));
                    for (int n = 1; n <= 4; n++) {
                        md.append(" | ").append(cell(gbps(j.aligned(), k, size, n, Map.of())));
                    }
                    md.append(" |\n");
                }
            }
        }
        md.append("\n#### Against the goals\n\n");
        md.append("| JDK | public entry / C AVX-512 at 4 KiB (1..4 sources) | lowest public entry / ISA-L, any cell |\n|---|---|--:|\n");
        for (Jdk j : jdks) {
            List<String> pct = new ArrayList<>();
            for (int n = 1; n <= 4; n++) {
                pct.add(percent(gbps(j.aligned(), "dispatched", 4096, n, Map.of()) / anchor.gbps(4096, n, ANCHORS[0][0])));
            }
            double lowest = Double.POSITIVE_INFINITY;
            String where = "";
            for (int size : SIZES) {
                for (int n = 2; n <= 4; n++) {
                    double r = gbps(j.aligned(), "dispatched", size, n, Map.of()) / anchor.gbps(size, n, ANCHORS[2][0]);
                    if (r < lowest) {
                        lowest = r;
                        where = size(size) + ", " + n + " sources";
                    }
                }
            }
            md.append("| ").append(j.feature()).append(" | ").append(String.join(" / ", pct)).append(" | ")
                    .append(where.isEmpty() ? "–" : String.format(Locale.ROOT, "%.2fx (%s)", lowest, where)).append(" |\n");
        }
        List<Jdk> withMis = jdks.stream().filter(j -> j.misaligned() != null).toList();
        if (!withMis.isEmpty()) {
            md.append("\n#### 4 KiB, every buffer misaligned\n\n");
            md.append("| kernel | shift | 1 source | 2 sources | 3 sources | 4 sources |\n|---|--:|--:|--:|--:|--:|\n");
            for (Jdk j : withMis) {
                for (String k : new String[] {"vector512", "vector256", "scalar-unrolled"}) {
                    for (String shift : new String[] {"8", "32"}) {
                        md.append("| Java ").append(j.feature()).append(" ").append(label(k)).append(" | +").append(shift);
                        for (int n = 1; n <= 4; n++) {
                            md.append(" | ").append(cell(gbps(j.misaligned(), k, 4096, n, Map.of("shift", shift))));
                        }
                        md.append(" |\n");
                    }
                }
            }
        }
        return md.toString();
    }

    static String chart(AnchorResults anchor, List<Jdk> jdks) {
        List<SvgBarChart.Series> series = new ArrayList<>();
        series.add(new SvgBarChart.Series("C AVX-512 loop", "#555555", row(n -> anchor.gbps(4096, n, ANCHORS[0][0]))));
        series.add(new SvgBarChart.Series("ISA-L xor_gen", "#aaaaaa", row(n -> anchor.gbps(4096, n, ANCHORS[2][0]))));
        String[] colours = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"};
        int c = 0;
        for (Jdk j : jdks) {
            series.add(new SvgBarChart.Series("Java " + j.feature() + " XorGen.xorGen", colours[c++ % colours.length],
                    row(n -> gbps(j.aligned(), "dispatched", 4096, n, Map.of()))));
        }
        Jdk last = jdks.get(jdks.size() - 1);
        series.add(new SvgBarChart.Series("Java " + last.feature() + " scalar-unrolled", colours[c % colours.length],
                row(n -> gbps(last.aligned(), "scalar-unrolled", 4096, n, Map.of()))));
        return SvgBarChart.render("RAID xor_gen, 4 KiB, " + anchor.machine(), "GB/s of destination",
                List.of("1 source", "2 sources", "3 sources", "4 sources"), series);
    }

    private static double[] row(java.util.function.IntToDoubleFunction f) {
        double[] v = new double[4];
        for (int n = 1; n <= 4; n++) {
            v[n - 1] = f.applyAsDouble(n);
        }
        return v;
    }

    static String replaceSection(String page, String section) {
        return ResultsSection.replace(page, "xor", section);
    }

    private static String label(String kernel) {
        return kernel.equals("dispatched") ? "`XorGen.xorGen` (checks + selected kernel)" : "`" + kernel + "`";
    }

    private static String size(int size) {
        return size >= 1 << 20 ? (size >> 20) + " MiB" : (size >> 10) + " KiB";
    }

    private static String cell(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }

    private static String percent(double r) {
        return Double.isNaN(r) ? "–" : String.format(Locale.ROOT, "%.0f%%", r * 100);
    }
}
