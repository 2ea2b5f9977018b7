package io.cpufeatures.examples.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns one side-by-side run of {@code zstd-side-by-side.sh} (libzstd's anchor output and the JMH
 * CSVs of each JDK) into the results section of {@code docs/zstd.md} and the chart
 * {@code docs/zstd.svg}. Usage: {@code ZstdResultsReport docs/results [docs]}.
 */
public final class ZstdResultsReport {

    static final String SECTION = "zstd";
    private static final Pattern ANCHOR_LINE =
            Pattern.compile("^dec (.+?)\\s+level=(\\d+) .*median_ns=(\\d+)");
    private static final String[][] DECODERS = {
        {"ours-new", "ours, new context per block"},
        {"ours-reused", "ours, reused context"},
        {"ours-zstd-cpuid-per-context", "ours, new context + the 3 CPUIDs of `ZSTD_cpuid()`"},
        {"ours-probe-per-context", "ours, new context + `probeUncached()` (the whole CPU)"},
        {"zstdjni-new", "zstd-jni, new context per block"},
        {"zstdjni-reused", "zstd-jni, reused context"},
        {"aircompressor-reused", "aircompressor, reused decoder"},
    };
    private static final String[][] ANCHORS = {
        {"create+decompress+free", "libzstd (C), new context per block"},
        {"reuse DCtx", "libzstd (C), reused context"},
        {"create+free only", "libzstd (C), context create + free alone"},
    };
    private static final int[] SIZES = {1 << 20, 64 << 20};
    private static final String[] THROUGHPUT_DECODERS = {"ours", "zstdjni", "aircompressor"};

    private ZstdResultsReport() {
    }

    /** libzstd's figures: median ns per block by mode and level, and the machine line. */
    record Anchor(String machine, Map<String, Double> medians) {

        /** Parses {@code zstd-anchor.txt}: a {@code # machine} line, then {@code zstd_bench}'s output. */
        static Anchor parse(String text) {
            String machine = "";
            Map<String, Double> m = new HashMap<>();
            for (String line : text.lines().toList()) {
                if (line.startsWith("# ") && machine.isEmpty()) {
                    machine = line.substring(2).trim();
                }
                Matcher a = ANCHOR_LINE.matcher(line);
                if (a.find()) {
                    m.put(a.group(1).trim() + "@" + a.group(2), Double.parseDouble(a.group(3)));
                }
            }
            if (m.isEmpty()) {
                throw new IllegalArgumentException("no \"dec ... level=N ... median_ns=N\" line in the anchor output");
            }
            return new Anchor(machine, Map.copyOf(m));
        }

        double ns(String mode, int level) {
            return medians.getOrDefault(mode + "@" + level, Double.NaN);
        }
    }

    /** One JDK's results. */
    record Jdk(int feature, String version, JmhCsv block, JmhCsv throughput) {

        double ns(String decoder, int level) {
            OptionalDouble s = block.score(Map.of("decoder", decoder, "level", Integer.toString(level)));
            return s.isPresent() ? s.getAsDouble() : Double.NaN;
        }

        /** MB/s (10^6 bytes/s) from JMH's ops/s. */
        double mbps(String decoder, int size) {
            if (throughput == null) {
                return Double.NaN;
            }
            OptionalDouble s = throughput.score(Map.of("decoder", decoder, "size", Integer.toString(size)));
            return s.isPresent() ? s.getAsDouble() * size / 1e6 : Double.NaN;
        }

        String name() {
            return version.isEmpty() ? "JDK " + feature : version;
        }
    }

    /** Reads the run from {@code args[0]}, rewrites the section and chart under {@code args[1]} (default: its parent). */
    public static void main(String[] args) throws IOException {
        Path results = Path.of(args.length > 0 ? args[0] : "docs/results");
        Path docs = args.length > 1 ? Path.of(args[1]) : results.toAbsolutePath().getParent();
        Anchor anchor = Anchor.parse(Files.readString(results.resolve("zstd-anchor.txt")));
        List<Jdk> jdks = load(results);
        Path page = docs.resolve("zstd.md");
        Files.writeString(page, ResultsSection.replace(Files.readString(page), SECTION, markdown(anchor, jdks)));
        Files.writeString(docs.resolve("zstd.svg"), chart(anchor, jdks));
    }

    static List<Jdk> load(Path results) throws IOException {
        List<Jdk> jdks = new ArrayList<>();
        for (var e : RunFiles.csvs(results, "zstd", "ZstdDecompressBenchmark").entrySet()) {
            int v = e.getKey();
            jdks.add(new Jdk(v, RunFiles.version(results, "zstd", v), JmhCsv.parse(Files.readString(e.getValue())),
                    RunFiles.csv(results, "zstd", v, "ZstdThroughputBenchmark").orElse(null)));
        }
        return List.copyOf(jdks);
    }

    static String markdown(Anchor anchor, List<Jdk> jdks) {
        StringBuilder md = new StringBuilder();
        md.append("Machine: ").append(anchor.machine()).append(". JDKs: ")
                .append(String.join("; ", jdks.stream().map(Jdk::name).toList())).append(".\n")
                .append("C: libzstd's median of 11 repetitions (`zstd_bench.c`); Java: JMH average of ")
                .append(jdks.stream().mapToInt(j -> j.block().samples()).max().orElse(5))
                .append(" x 1 s (5 a fork, each fork after 5 x 1 s of warm-up); every program pinned to CPU 1; the same"
                        + " 256 blocks of 4 KiB, each compressed as one frame by libzstd at the level given.\n");
        md.append("\n#### One 4 KiB block, ns\n\n| decoder | level 1 | level 3 |\n|---|--:|--:|\n");
        for (String[] a : ANCHORS) {
            md.append("| ").append(a[1]).append(" | ").append(ns(anchor.ns(a[0], 1))).append(" | ")
                    .append(ns(anchor.ns(a[0], 3))).append(" |\n");
        }
        for (Jdk j : jdks) {
            for (String[] d : DECODERS) {
                md.append("| Java ").append(j.feature()).append(" ").append(d[1]).append(" | ")
                        .append(ns(j.ns(d[0], 1))).append(" | ").append(ns(j.ns(d[0], 3))).append(" |\n");
            }
        }
        md.append("\n#### Probing per context, or once (level 1)\n\n"
                + "| | probe per context | probe once | change |\n|---|--:|--:|--:|\n"
                + "| Linux kernel zstd, 4 KiB, KVM guest (the patch \"probe the CPU for BMI2 support once, not per"
                + " context\") | 3455 | 1002 | -71% |\n");
        md.append("| libzstd (C) here: new context / reused context | ").append(ns(anchor.ns(ANCHORS[0][0], 1)))
                .append(" | ").append(ns(anchor.ns(ANCHORS[1][0], 1))).append(" | ")
                .append(change(anchor.ns(ANCHORS[0][0], 1), anchor.ns(ANCHORS[1][0], 1))).append(" |\n");
        for (Jdk j : jdks) {
            md.append("| Java ").append(j.feature()).append(" ours: new context + `ZSTD_cpuid()`'s CPUIDs / new context | ")
                    .append(ns(j.ns("ours-zstd-cpuid-per-context", 1))).append(" | ").append(ns(j.ns("ours-new", 1)))
                    .append(" | ").append(change(j.ns("ours-zstd-cpuid-per-context", 1), j.ns("ours-new", 1))).append(" |\n");
            md.append("| Java ").append(j.feature()).append(" zstd-jni: new context / reused context | ")
                    .append(ns(j.ns("zstdjni-new", 1))).append(" | ").append(ns(j.ns("zstdjni-reused", 1)))
                    .append(" | ").append(change(j.ns("zstdjni-new", 1), j.ns("zstdjni-reused", 1))).append(" |\n");
        }
        md.append("\n#### Against the goal, level 1 / level 3\n\n"
                + "| JDK | ours new ÷ zstd-jni reused (goal: at most 1) | ours new ÷ aircompressor reused"
                + " | zstd-jni new ÷ ours new (goal: 3.6x) |\n|---|--:|--:|--:|\n");
        for (Jdk j : jdks) {
            md.append("| ").append(j.feature());
            md.append(" | ").append(ratios(j, "ours-new", "zstdjni-reused"));
            md.append(" | ").append(ratios(j, "ours-new", "aircompressor-reused"));
            md.append(" | ").append(ratios(j, "zstdjni-new", "ours-new"));
            md.append(" |\n");
        }
        if (jdks.stream().anyMatch(j -> j.throughput() != null)) {
            md.append("\n#### Larger inputs, MB/s (reused context, one frame at level 3)\n\n"
                    + "| decoder | 1 MiB | 64 MiB |\n|---|--:|--:|\n");
            for (Jdk j : jdks) {
                for (String d : THROUGHPUT_DECODERS) {
                    md.append("| Java ").append(j.feature()).append(" ").append(d);
                    for (int size : SIZES) {
                        md.append(" | ").append(ns(j.mbps(d, size)));
                    }
                    md.append(" |\n");
                }
            }
        }
        md.append("\n#### Against aircompressor: ours ÷ aircompressor in speed (goal: at least 1 in every cell)\n\n"
                + "| JDK | 4 KiB level 1 (ours new, its reused) | 4 KiB level 3 | 1 MiB | 64 MiB |\n|---|--:|--:|--:|--:|\n");
        for (Jdk j : jdks) {
            md.append("| ").append(j.feature());
            for (int level : new int[] {1, 3}) {
                md.append(" | ").append(ratio(j.ns("aircompressor-reused", level) / j.ns("ours-new", level)));
            }
            for (int size : SIZES) {
                md.append(" | ").append(ratio(j.mbps("ours", size) / j.mbps("aircompressor", size)));
            }
            md.append(" |\n");
        }
        return md.toString();
    }

    static String chart(Anchor anchor, List<Jdk> jdks) {
        List<String> categories = new ArrayList<>(List.of("ours new", "ours reused", "ours + 3 CPUIDs",
                "zstd-jni new", "zstd-jni reused", "aircompressor", "libzstd C new", "libzstd C reused"));
        String[] decoders = {"ours-new", "ours-reused", "ours-zstd-cpuid-per-context", "zstdjni-new", "zstdjni-reused",
            "aircompressor-reused"};
        List<SvgBarChart.Series> series = new ArrayList<>();
        String[] colours = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"};
        int c = 0;
        for (Jdk j : jdks) {
            double[] v = new double[categories.size()];
            Arrays.fill(v, Double.NaN);
            for (int i = 0; i < decoders.length; i++) {
                v[i] = j.ns(decoders[i], 1);
            }
            series.add(new SvgBarChart.Series("Java " + j.feature(), colours[c++ % colours.length], v));
        }
        double[] libzstd = new double[categories.size()];
        Arrays.fill(libzstd, Double.NaN);
        libzstd[6] = anchor.ns(ANCHORS[0][0], 1);
        libzstd[7] = anchor.ns(ANCHORS[1][0], 1);
        series.add(new SvgBarChart.Series("C (libzstd)", "#555555", libzstd));
        return SvgBarChart.render("zstd, one 4 KiB block (level 1), " + anchor.machine(), "ns per block (lower is better)",
                categories, series);
    }

    private static String ratios(Jdk j, String a, String b) {
        return ratio(j.ns(a, 1) / j.ns(b, 1)) + " / " + ratio(j.ns(a, 3) / j.ns(b, 3));
    }

    private static String ns(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "–" : String.format(Locale.ROOT, "%.2f", r);
    }

    private static String change(double before, double after) {
        return Double.isNaN(before) || Double.isNaN(after) ? "–"
                : String.format(Locale.ROOT, "%+.0f%%", (after / before - 1) * 100);
    }
}
