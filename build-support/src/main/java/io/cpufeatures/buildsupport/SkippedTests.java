package io.cpufeatures.buildsupport;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What a build did not test, said at its end: one line per module that skipped any test, with how many and why,
 * from the records its test runs wrote in this build ({@link SkipRecorder}'s files newer than the build's start,
 * so a module the build did not run says nothing). Under {@code CI=true} a test skipped
 * {@value HostTools#FOR_WANT_OF}a tool fails the build as well, since CI installs every tool.
 *
 * <p>Run as the build's last step: {@code SkippedTests ROOT START}, with ROOT the project's directory and START the
 * build's start as an ISO-8601 instant.
 */
public final class SkippedTests {

    /** The deepest directory below the root searched ({@code consumer-tests/target/it/P/target/test-skips/F}). */
    private static final int MAX_DEPTH = 8;

    private SkippedTests() {
    }

    /** One module's skipped tests: each reason with its count. */
    record Module(String name, Map<String, Integer> skipped) {

        int count() {
            int n = 0;
            for (int c : skipped.values()) {
                n += c;
            }
            return n;
        }

        int forWantOfTools() {
            int n = 0;
            for (Map.Entry<String, Integer> e : skipped.entrySet()) {
                if (e.getKey().startsWith(HostTools.FOR_WANT_OF)) {
                    n += e.getValue();
                }
            }
            return n;
        }

        /** {@return the module's line: "examples/zstd: 3 tests skipped: 3 for want of zstd (...)"} */
        String line() {
            List<Map.Entry<String, Integer>> reasons = new ArrayList<>(skipped.entrySet());
            reasons.sort((a, b) -> b.getValue() - a.getValue());
            StringBuilder s = new StringBuilder(name).append(": ").append(count()).append(count() == 1 ? " test" : " tests")
                    .append(" skipped: ");
            for (int i = 0; i < reasons.size(); i++) {
                s.append(i == 0 ? "" : "; ").append(reasons.get(i).getValue()).append(' ').append(reasons.get(i).getKey());
            }
            return s.toString();
        }
    }

    /**
     * Prints the summary of the records under {@code args[0]} written since {@code args[1]}.
     *
     * @param args the project's directory and the build's start (an ISO-8601 instant)
     * @throws IllegalStateException under {@code CI=true}, if a test was skipped for want of a tool
     */
    public static void main(String[] args) {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: SkippedTests ROOT START (START an ISO-8601 instant, e.g."
                    + " 2026-12-03T12:00:00Z); got " + args.length + " arguments");
        }
        Instant start;
        try {
            start = Instant.parse(args[1]);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("START '" + args[1] + "' is not an ISO-8601 instant such as"
                    + " 2026-12-03T12:00:00Z", e);
        }
        int tools = print(read(Path.of(args[0]), start), System.out);
        if (tools > 0 && HostTools.ci()) {
            throw new IllegalStateException("CI=true and " + tools + " tests were skipped for want of a tool that"
                    + " .ci/run installs (see the lines above)");
        }
    }

    /** Prints one line per module that skipped a test; {@return how many were skipped for want of a tool} */
    static int print(List<Module> modules, PrintStream out) {
        if (!modules.isEmpty()) {
            out.println("Skipped tests, by module:");
        }
        int tools = 0;
        for (Module m : modules) {
            out.println("  " + m.line());
            tools += m.forWantOfTools();
        }
        return tools;
    }

    /** The modules whose records under {@code root} were written at or after {@code start}, by name. */
    static List<Module> read(Path root, Instant start) {
        // a file's time has whole seconds on some file systems, the start has milliseconds
        FileTime since = FileTime.from(start.getEpochSecond(), TimeUnit.SECONDS);
        Map<String, Map<String, Integer>> modules = new TreeMap<>();
        List<Path> records;
        try (Stream<Path> files = Files.walk(root, MAX_DEPTH)) {
            records = files.filter(p -> isRecord(p) && modifiedSince(p, since)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("reading the skipped tests' records under " + root + ": " + e.getMessage(), e);
        }
        for (Path p : records) {
            Map<String, Integer> skipped = modules.computeIfAbsent(moduleName(root, p), k -> new TreeMap<>());
            List<String> lines;
            try {
                lines = Files.readAllLines(p, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + p + ": " + e.getMessage(), e);
            }
            int n = 0;
            for (String line : lines) {
                n++;
                int tab = line.indexOf('\t');
                int count;
                try {
                    count = tab > 0 ? Integer.parseInt(line.substring(0, tab)) : -1;
                } catch (NumberFormatException e) {
                    count = -1;
                }
                if (count < 1) {
                    throw new IllegalStateException(p + ":" + n + ": '" + line + "' is not COUNT<tab>REASON with a"
                            + " positive COUNT");
                }
                skipped.merge(line.substring(tab + 1), count, Integer::sum);
            }
        }
        List<Module> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, Integer>> e : modules.entrySet()) {
            if (!e.getValue().isEmpty()) {
                out.add(new Module(e.getKey(), e.getValue()));
            }
        }
        return out;
    }

    private static boolean isRecord(Path p) {
        Path dir = p.getParent();
        return p.getFileName().toString().endsWith(".tsv") && dir != null
                && dir.getFileName().toString().equals("test-skips") && dir.getParent() != null
                && dir.getParent().getFileName().toString().equals("target") && !p.toString().contains("/.git/");
    }

    private static boolean modifiedSince(Path p, FileTime since) {
        try {
            return Files.getLastModifiedTime(p).compareTo(since) >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The module's directory relative to the root ({@code examples/zstd}), a project an integration test built
     * in it as {@code consumer-tests (vector-sum)}, or the root's name.
     */
    private static String moduleName(Path root, Path record) {
        Path module = record.getParent().getParent().getParent();
        String name = root.relativize(module).toString().replace('\\', '/');
        int it = name.indexOf("/target/it/");
        if (it >= 0) {
            name = name.substring(0, it) + " (" + name.substring(it + "/target/it/".length()) + ")";
        }
        return name.isEmpty() ? root.toAbsolutePath().normalize().getFileName().toString() : name;
    }
}
