package io.cpufeatures.examples.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a side-by-side run leaves in {@code docs/results}: per JDK,
 * {@code PREFIX-jdkN-BENCHMARK.csv} and {@code PREFIX-jdkN.version}.
 */
public final class RunFiles {

    private RunFiles() {
    }

    /**
     * The CSVs of {@code benchmark}, by JDK feature version, lowest first.
     *
     * @throws IllegalArgumentException if there is none
     */
    public static Map<Integer, Path> csvs(Path results, String prefix, String benchmark) throws IOException {
        Pattern name = Pattern.compile(Pattern.quote(prefix) + "-jdk(\\d+)-" + Pattern.quote(benchmark) + "\\.csv");
        Map<Integer, Path> byFeature = new TreeMap<>();
        try (var files = Files.list(results)) {
            for (Path p : files.toList()) {
                Matcher m = name.matcher(p.getFileName().toString());
                if (m.matches()) {
                    byFeature.put(Integer.parseInt(m.group(1)), p);
                }
            }
        }
        if (byFeature.isEmpty()) {
            throw new IllegalArgumentException("no " + prefix + "-jdkN-" + benchmark + ".csv in " + results);
        }
        return byFeature;
    }

    /** JDK {@code feature}'s CSV of {@code benchmark}, if the run has one. */
    public static Optional<JmhCsv> csv(Path results, String prefix, int feature, String benchmark) throws IOException {
        Path p = results.resolve(prefix + "-jdk" + feature + "-" + benchmark + ".csv");
        return Files.exists(p) ? Optional.of(JmhCsv.parse(Files.readString(p))) : Optional.empty();
    }

    /** The first line of JDK {@code feature}'s {@code java -version}, or "" if it was not saved. */
    public static String version(Path results, String prefix, int feature) throws IOException {
        Path p = results.resolve(prefix + "-jdk" + feature + ".version");
        return Files.exists(p) ? Files.readString(p).lines().findFirst().orElse("").trim() : "";
    }
}
