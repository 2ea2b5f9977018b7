package io.cpufeatures.examples.benchmarks.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A JMH result file in CSV form ({@code -rf csv}): the score of each benchmark and parameter
 * combination.
 */
public final class JmhCsv {

    private final List<Map<String, String>> rows;

    private JmhCsv(List<Map<String, String>> rows) {
        this.rows = rows;
    }

    /** Parses JMH's CSV: a header line, then one quoted-field line per result. */
    public static JmhCsv parse(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("empty JMH CSV");
        }
        List<String> header = fields(lines.get(0));
        if (!header.contains("Score")) {
            throw new IllegalArgumentException("not a JMH CSV: no Score column in " + header);
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (f.size() != header.size()) {
                throw new IllegalArgumentException("JMH CSV line has " + f.size() + " fields, header " + header.size()
                        + ": " + line);
            }
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < f.size(); i++) {
                row.put(header.get(i), f.get(i));
            }
            rows.add(Map.copyOf(row));
        }
        return new JmhCsv(List.copyOf(rows));
    }

    /** The score of the row whose parameters all equal {@code params} (names without "Param: "). */
    public OptionalDouble score(Map<String, String> params) {
        for (Map<String, String> row : rows) {
            boolean match = params.entrySet().stream()
                    .allMatch(e -> e.getValue().equals(row.get("Param: " + e.getKey())));
            if (match) {
                return OptionalDouble.of(Double.parseDouble(row.get("Score")));
            }
        }
        return OptionalDouble.empty();
    }

    /** The most measured iterations any row averages ({@code Samples}: 5 a fork here), or 0 if the file has none. */
    public int samples() {
        return rows.stream().map(r -> r.get("Samples")).filter(java.util.Objects::nonNull).mapToInt(Integer::parseInt)
                .max().orElse(0);
    }

    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
