package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The pure part of a selection: which candidates may run on a CPU and why not, the override to
 * honour, and what that CPU would choose. It makes, tests and measures nothing, so it answers for a
 * dump or an emulated CPU as well as for this machine.
 *
 * <ol>
 *   <li>Each candidate's requirements are checked against the CPU features; a native variant built for
 *       another architecture, or known unusable from its manifest, is rejected first with that reason.</li>
 *   <li>An override is taken if its candidate's requirements hold, or with
 *       {@code cpufeatures.dispatch.unsafe=true} in spite of them, except for a native variant, which is
 *       never taken in spite of them; otherwise the selection fails with the explanation. An override
 *       naming no candidate of the point fails too.</li>
 *   <li>Otherwise the eligible candidates are tried in priority order.</li>
 * </ol>
 * On a hybrid machine the features are those every core type can run ({@link CpuFeatures#coreKinds()}):
 * a thread may run on any core, so a candidate is eligible only if all of them can run it, and the
 * explanation says which core types the choice was made for.
 */
final class Eligibility {

    private Eligibility() {
    }

    /** A ledger with every candidate eligible or rejected, and the override to honour, if any. */
    record Assessment<T>(Ledger<T> ledger, Optional<Override<T>> override) {
    }

    /** The candidate an override names and why it is taken. */
    record Override<T>(Candidate<T> candidate, DispatchOverrides.PointOverride source, boolean despiteRequirements) {

        String why() {
            return "overridden by " + source + (despiteRequirements
                    ? " despite unmet requirements (cpufeatures.dispatch.unsafe=true)" : "");
        }
    }

    /**
     * Evaluates {@code point}'s candidates on {@code features} under {@code overrides}.
     *
     * @throws DispatchException for an override naming no candidate of the point, or one whose
     *                           requirements fail without unsafe overriding
     */
    static <T> Assessment<T> assess(DispatchPoint<T> point, CpuFeatures features, DispatchOverrides overrides) {
        List<Candidate<T>> order = new ArrayList<>(point.candidates());
        order.sort(Comparator.comparingInt((Candidate<T> c) -> c.priority()).reversed());
        Ledger<T> ledger = new Ledger<>(point, features.source().toString(), features.coreScope(), order);
        for (Candidate<T> c : order) {
            Optional<String> refused = c.refusedOn(features.architecture());
            if (refused.isPresent()) {
                ledger.reject(c, refused.get());
                continue;
            }
            for (Requirements.Unmet u : c.requirements().check(features)) {
                ledger.reject(c, u.toString());
            }
            ledger.line(c).held.addAll(c.requirements().heldAlternatives(features));
        }
        Optional<DispatchOverrides.PointOverride> o = overrides.overrideFor(point.name());
        if (o.isEmpty()) {
            return new Assessment<>(ledger, Optional.empty());
        }
        DispatchOverrides.PointOverride given = o.get();
        if (given.candidate().isEmpty()) {
            throw new DispatchException(given.source() + " is empty; it names the candidate dispatch point " + point.name()
                    + " uses, e.g. " + given.source() + "=" + order.get(order.size() - 1).name() + "; valid: "
                    + String.join(", ", point.candidateNames()));
        }
        Candidate<T> c = order.stream().filter(x -> x.name().equals(given.candidate())).findFirst()
                .orElseThrow(() -> new DispatchException(given.source() + ": unknown candidate '" + given.candidate()
                        + "' for dispatch point " + point.name() + "; valid: " + String.join(", ", point.candidateNames())));
        boolean despite = !ledger.eligible(c);
        if (despite && c.nativeVariant().isPresent()) {
            // Java code the CPU cannot run is compiled by the JIT for what it can; native code would trap
            throw ledger.failure(given.source() + ": candidate " + c.name() + " cannot run here ("
                    + String.join("; ", ledger.line(c).reasons) + "); it is native code, never loaded where its"
                    + " requirements fail (an instruction the CPU lacks would stop the process), not even with"
                    + " cpufeatures.dispatch.unsafe=true");
        }
        if (despite && !overrides.unsafe()) {
            // the unmet requirements on the first line: a command that prints one line shows why,
            // and it may be the JVM (a gate, a missing module), not the CPU, that refuses
            throw ledger.failure(given.source() + ": candidate " + c.name() + " cannot run here ("
                    + String.join("; ", ledger.line(c).reasons) + "); set -Dcpufeatures.dispatch.unsafe=true to"
                    + " override anyway");
        }
        if (despite) {
            ledger.line(c).status = CandidateStatus.ELIGIBLE;
        }
        return new Assessment<>(ledger, Optional.of(new Override<>(c, given, despite)));
    }

    /**
     * What a CPU with {@code features} would choose: the override, or the eligible candidate of highest
     * priority (calibration and self-tests run only on the machine itself).
     *
     * @throws DispatchException if no candidate could run there, or an override cannot be honoured
     */
    static <T> Choice choose(DispatchPoint<T> point, CpuFeatures features, DispatchOverrides overrides) {
        Assessment<T> a = assess(point, features, overrides);
        Ledger<T> ledger = a.ledger();
        if (a.override().isPresent()) {
            Override<T> o = a.override().get();
            ledger.toOthers(o.candidate(), "not considered: " + o.candidate().name() + " is chosen by an override");
            ledger.line(o.candidate()).reasons.add(0, o.why());
            return chosen(ledger, o.candidate());
        }
        for (Candidate<T> c : ledger.candidates()) {
            if (ledger.eligible(c)) {
                return chosen(ledger, c);
            }
        }
        throw ledger.failure(point.name() + ": no candidate can run on this CPU");
    }

    private static <T> Choice chosen(Ledger<T> ledger, Candidate<T> c) {
        ledger.select(c);
        return new Choice(ledger.point().name(), c.name(), ledger.explanation(Optional.of(c)));
    }
}
