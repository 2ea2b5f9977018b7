package io.cpufeatures.dispatch;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a dispatch point chose what it chose: every candidate with its status and reasons, in
 * priority order, and the CPU source the choice was made against.
 *
 * @param point      the point's name
 * @param selected   the chosen candidate, or empty if nothing could be chosen
 * @param candidates every candidate, highest priority first
 * @param source     the CPU the choice was made for ({@code native (...)}, {@code file (...)})
 */
public record Explanation(String point, Optional<String> selected, List<CandidateReport> candidates, String source) {

    /** Copies the list. */
    public Explanation {
        candidates = List.copyOf(candidates);
    }

    /** The report of the candidate named {@code name}. */
    public Optional<CandidateReport> candidate(String name) {
        return candidates.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** A readable table, one line per candidate, then their reasons indented. */
    public String format() {
        StringBuilder sb = new StringBuilder(point).append(": ")
                .append(selected.map(s -> "using " + s).orElse("no candidate can be used")).append('\n');
        int width = candidates.stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (CandidateReport c : candidates) {
            sb.append("  ").append(pad(c.name(), width)).append("  ").append(pad(c.status().name().toLowerCase(Locale.ROOT), 8))
                    .append("  priority ").append(c.priority()).append("  ").append(c.requirements());
            c.speed().ifPresent(s -> sb.append("  ").append(Math.round(s)).append(" MB/s"));
            sb.append('\n');
            for (String r : c.reasons()) {
                sb.append("  ").append(" ".repeat(width)).append("    - ").append(r).append('\n');
            }
        }
        return sb.toString();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
