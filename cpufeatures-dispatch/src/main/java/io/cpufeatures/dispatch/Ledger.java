package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The working record of one selection: each candidate, highest priority first, with its status, what happened to it
 * and its calibration figure so far. {@link Eligibility} fills it from the requirements' bits and the overrides;
 * {@link Instantiation} goes on from there on the running machine. Why a requirement fails is not worked out while
 * choosing: the reasons, and the {@link Explanation} they make, are built from the same features when they are read,
 * so they agree with the choice by construction.
 *
 * @param <T> the point's service type
 */
final class Ledger<T> {

    /** One candidate's line, filled while selecting. */
    static final class Line {
        CandidateStatus status = CandidateStatus.ELIGIBLE;
        /** Said before every other reason: why an override took it; null for none. */
        String override;
        /** Why it cannot run on this architecture at all (a native variant built for another); null for none. */
        String refused;
        /** Whether its requirements fail on the features: which, and why, is worked out when read. */
        boolean requirementsFail;
        /** The requirements that fail, once worked out. */
        private List<Requirements.Unmet> unmet;
        /** What happened to it after its requirements were checked, in order. */
        final List<String> reasons = new ArrayList<>();
        OptionalDouble speed = OptionalDouble.empty();

        /** Whether nothing has been said of it yet. */
        boolean silent() {
            return override == null && refused == null && !requirementsFail && reasons.isEmpty();
        }
    }

    private final PointDescription<T> point;
    private final CpuFeatures features;
    private final Map<Candidate<T>, Line> lines = new LinkedHashMap<>();

    Ledger(PointDescription<T> point, CpuFeatures features, List<Candidate<T>> byPriority) {
        this.point = point;
        this.features = features;
        for (Candidate<T> c : byPriority) {
            lines.put(c, new Line());
        }
    }

    PointDescription<T> point() {
        return point;
    }

    /** On a hybrid machine, the core types the choice is made for. */
    Optional<String> coreScope() {
        return features.coreScope();
    }

    /** The candidates, highest priority first. */
    List<Candidate<T>> candidates() {
        return new ArrayList<>(lines.keySet());
    }

    Line line(Candidate<T> c) {
        return lines.get(c);
    }

    boolean eligible(Candidate<T> c) {
        return lines.get(c).status == CandidateStatus.ELIGIBLE;
    }

    boolean rejected(Candidate<T> c) {
        return lines.get(c).status == CandidateStatus.REJECTED;
    }

    void reject(Candidate<T> c, String why) {
        Line l = lines.get(c);
        l.status = CandidateStatus.REJECTED;
        l.reasons.add(why);
    }

    /** Rejects {@code c} before anything else is said of it: it cannot run on this architecture ({@code why}). */
    void refuse(Candidate<T> c, String why) {
        Line l = lines.get(c);
        l.status = CandidateStatus.REJECTED;
        l.refused = why;
    }

    /** Rejects {@code c} because its requirements fail; which, and why, are worked out when read. */
    void rejectForRequirements(Candidate<T> c) {
        Line l = lines.get(c);
        l.status = CandidateStatus.REJECTED;
        l.requirementsFail = true;
    }

    /** {@return the requirements of {@code c} that fail, with their reasons; empty when they hold} */
    List<Requirements.Unmet> unmet(Candidate<T> c) {
        Line l = lines.get(c);
        if (!l.requirementsFail) {
            return List.of();
        }
        if (l.unmet == null) {
            l.unmet = c.requirements().check(features);
        }
        return l.unmet;
    }

    /** {@return every reason said of {@code c} so far, in order: an override's, a refusal, unmet requirements, events} */
    List<String> reasons(Candidate<T> c) {
        Line l = lines.get(c);
        List<String> all = new ArrayList<>();
        if (l.override != null) {
            all.add(l.override);
        }
        if (l.refused != null) {
            all.add(l.refused);
        }
        for (Requirements.Unmet u : unmet(c)) {
            all.add(u.toString());
        }
        all.addAll(l.reasons);
        return all;
    }

    /** Adds {@code why} to every eligible candidate but {@code chosen}. */
    void toOthers(Candidate<T> chosen, String why) {
        for (Map.Entry<Candidate<T>, Line> e : lines.entrySet()) {
            if (e.getKey() != chosen && e.getValue().status == CandidateStatus.ELIGIBLE) {
                e.getValue().reasons.add(why);
            }
        }
    }

    /** Marks {@code c} selected; an eligible candidate with no reason yet was passed over for priority. */
    void select(Candidate<T> c) {
        lines.get(c).status = CandidateStatus.SELECTED;
        for (Map.Entry<Candidate<T>, Line> e : lines.entrySet()) {
            Line l = e.getValue();
            if (e.getKey() != c && l.status == CandidateStatus.ELIGIBLE && l.silent()) {
                l.reasons.add("lower priority than " + c.name());
            }
        }
    }

    /** The explanation, built now: each line's reasons, and which alternatives held for those not rejected. */
    Explanation explanation(Optional<String> selected) {
        List<CandidateReport> reports = new ArrayList<>();
        for (Map.Entry<Candidate<T>, Line> e : lines.entrySet()) {
            Candidate<T> c = e.getKey();
            Line l = e.getValue();
            List<String> reasons = reasons(c);
            if (l.status != CandidateStatus.REJECTED && l.refused == null) {
                reasons.addAll(c.requirements().heldAlternatives(features));
            }
            reports.add(new CandidateReport(c.name(), c.description(), c.priority(), c.requirements().summary(), l.status,
                    reasons, l.speed));
        }
        return new Explanation(point.name(), selected, reports, features.source().toString(), features.coreScope());
    }

    DispatchException failure(String message) {
        return new DispatchException(message, explanation(Optional.empty()));
    }
}
