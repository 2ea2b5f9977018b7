package io.cpufeatures.dispatch;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a dispatch point chose what it chose: every candidate with its status and reasons, in
 * priority order, and the CPU source the choice was made against.
 *
 * @param point      the point's name
 * @param selected   the chosen candidate, or empty if nothing could be chosen
 * @param candidates every candidate, highest priority first
 * @param source     the CPU the choice was made for ({@code native (...)}, {@code file (...)})
 * @param coreScope  on a hybrid machine, the core types the choice was made for: {@code every core type
 *                   (performance: 8 logical CPUs, efficiency: 12)} for the machine, {@code efficiency cores}
 *                   for one core type; empty where every core is of one type
 */
public record Explanation(String point, Optional<String> selected, List<CandidateReport> candidates, String source,
        Optional<String> coreScope) {

    /**
     * Validates the parts and copies the list.
     *
     * @param point      the point's name; not null
     * @param selected   the chosen candidate; not null (empty if nothing could be chosen)
     * @param candidates every candidate, highest priority first; not null
     * @param source     the CPU the choice was made for; not null
     * @param coreScope  the core types the choice was made for; not null (empty where every core is of one type)
     */
    public Explanation {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(selected, "selected");
        candidates = List.copyOf(candidates);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(coreScope, "coreScope");
    }

    /**
     * An explanation for a machine whose cores are all of one type.
     *
     * @param point      the point's name; not null
     * @param selected   the chosen candidate; not null (empty if nothing could be chosen)
     * @param candidates every candidate, highest priority first; not null
     * @param source     the CPU the choice was made for; not null
     */
    public Explanation(String point, Optional<String> selected, List<CandidateReport> candidates, String source) {
        this(point, selected, candidates, source, Optional.empty());
    }

    /**
     * The report of the candidate named {@code name}.
     *
     * @param name the candidate's name within the point
     * @return its report; empty if the point has no such candidate
     */
    public Optional<CandidateReport> candidate(String name) {
        return candidates.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** {@return a readable table: the choice, then one line per candidate, each followed by its reasons indented} */
    public String format() {
        StringBuilder sb = new StringBuilder(point).append(": ")
                .append(selected.map(s -> "using " + s).orElse("no candidate can be used"))
                .append(coreScope.map(c -> " (chosen for " + c + ")").orElse("")).append('\n');
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
