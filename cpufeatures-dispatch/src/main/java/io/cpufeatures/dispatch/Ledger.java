package io.cpufeatures.dispatch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The working record of one selection: each candidate, highest priority first, with its status,
 * reasons and calibration figure so far. {@link Eligibility} fills it from requirements and overrides;
 * {@link Instantiation} goes on from there on the running machine. It becomes an {@link Explanation}.
 *
 * @param <T> the point's service type
 */
final class Ledger<T> {

    /** One candidate's line, filled while selecting. */
    static final class Line {
        CandidateStatus status = CandidateStatus.ELIGIBLE;
        final List<String> reasons = new ArrayList<>();
        OptionalDouble speed = OptionalDouble.empty();
        /** The unmet requirements it was rejected for, as {@link #reasons} words them. */
        final List<Requirements.Unmet> unmet = new ArrayList<>();
        /** Which alternatives of each of its any-of requirements hold, said after its reasons unless it is rejected. */
        final List<String> held = new ArrayList<>();
    }

    private final PointDescription<T> point;
    private final String source;
    private final Optional<String> coreScope;
    private final Map<Candidate<T>, Line> lines = new LinkedHashMap<>();

    Ledger(PointDescription<T> point, String source, Optional<String> coreScope, List<Candidate<T>> byPriority) {
        this.point = point;
        this.source = source;
        this.coreScope = coreScope;
        byPriority.forEach(c -> lines.put(c, new Line()));
    }

    PointDescription<T> point() {
        return point;
    }

    /** On a hybrid machine, the core types the choice is made for. */
    Optional<String> coreScope() {
        return coreScope;
    }

    /** The candidates, highest priority first. */
    List<Candidate<T>> candidates() {
        return List.copyOf(lines.keySet());
    }

    Line line(Candidate<T> c) {
        return lines.get(c);
    }

    boolean eligible(Candidate<T> c) {
        return lines.get(c).status == CandidateStatus.ELIGIBLE;
    }

    void reject(Candidate<T> c, String why) {
        Line l = lines.get(c);
        l.status = CandidateStatus.REJECTED;
        l.reasons.add(why);
    }

    /** Rejects {@code c} for a requirement not met, keeping it to say what refused it. */
    void reject(Candidate<T> c, Requirements.Unmet unmet) {
        reject(c, unmet.toString());
        lines.get(c).unmet.add(unmet);
    }

    /** Adds {@code why} to every eligible candidate but {@code chosen}. */
    void toOthers(Candidate<T> chosen, String why) {
        lines.forEach((c, l) -> {
            if (c != chosen && l.status == CandidateStatus.ELIGIBLE) {
                l.reasons.add(why);
            }
        });
    }

    /** Marks {@code c} selected; an eligible candidate with no reason yet was passed over for priority. */
    void select(Candidate<T> c) {
        lines.get(c).status = CandidateStatus.SELECTED;
        lines.forEach((other, l) -> {
            if (other != c && l.status == CandidateStatus.ELIGIBLE && l.reasons.isEmpty()) {
                l.reasons.add("lower priority than " + c.name());
            }
        });
    }

    Explanation explanation(Optional<Candidate<T>> selected) {
        List<CandidateReport> reports = new ArrayList<>();
        lines.forEach((c, l) -> {
            List<String> reasons = new ArrayList<>(l.reasons);
            if (l.status != CandidateStatus.REJECTED) {
                reasons.addAll(l.held);
            }
            reports.add(new CandidateReport(c.name(), c.description(), c.priority(), c.requirements().summary(), l.status,
                    reasons, l.speed));
        });
        return new Explanation(point.name(), selected.map(Candidate::name), reports, source, coreScope);
    }

    DispatchException failure(String message) {
        return new DispatchException(message, explanation(Optional.empty()));
    }
}
