package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
    static <T> Assessment<T> assess(PointDescription<T> point, CpuFeatures features, DispatchOverrides overrides) {
        List<Candidate<T>> order = byPriority(point.candidates());
        Ledger<T> ledger = new Ledger<>(point, features, order);
        for (Candidate<T> c : order) {
            Optional<String> refused = c.refusedOn(features.architecture());
            if (refused.isPresent()) {
                ledger.refuse(c, refused.get());
            } else if (!c.requirements().holdOn(features)) {
                ledger.rejectForRequirements(c);
            }
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
        Candidate<T> c = null;
        for (Candidate<T> x : order) {
            if (x.name().equals(given.candidate())) {
                c = x;
                break;
            }
        }
        if (c == null) {
            throw new DispatchException(given.source() + ": unknown candidate '" + given.candidate()
                    + "' for dispatch point " + point.name() + "; valid: " + String.join(", ", point.candidateNames()));
        }
        boolean despite = !ledger.eligible(c);
        if (despite && c.nativeVariant().isPresent()) {
            // Java code the CPU cannot run is compiled by the JIT for what it can; native code would trap
            throw ledger.failure(given.source() + ": candidate " + c.name() + " cannot run here ("
                    + String.join("; ", ledger.reasons(c)) + "); it is native code, never loaded where its"
                    + " requirements fail (an instruction the CPU lacks would stop the process), not even with"
                    + " cpufeatures.dispatch.unsafe=true");
        }
        if (despite && !overrides.unsafe()) {
            // the unmet requirements on the first line: a command that prints one line shows why,
            // and it may be the JVM (a gate, a missing module), not the CPU, that refuses
            throw ledger.failure(given.source() + ": candidate " + c.name() + " cannot run here ("
                    + String.join("; ", ledger.reasons(c)) + "); set -Dcpufeatures.dispatch.unsafe=true to"
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
    static <T> Choice choose(PointDescription<T> point, CpuFeatures features, DispatchOverrides overrides) {
        Assessment<T> a = assess(point, features, overrides);
        Ledger<T> ledger = a.ledger();
        if (a.override().isPresent()) {
            Override<T> o = a.override().get();
            ledger.toOthers(o.candidate(), "not considered: " + o.candidate().name() + " is chosen by an override");
            ledger.line(o.candidate()).override = o.why();
            return chosen(ledger, o.candidate());
        }
        for (Candidate<T> c : ledger.candidates()) {
            if (ledger.eligible(c)) {
                return chosen(ledger, c);
            }
        }
        throw ledger.failure(noCandidate(ledger));
    }

    /** Who refused a requirement. */
    private enum Refuser {
        /** The CPU: its features, the OS's state, its policy flags, a native library built for another one. */
        CPU,
        /** The JVM: a {@code jvm.*} gate, the Vector API module. */
        JVM,
        /** The user: a name removed with {@code cpufeatures.disable}. */
        DISABLE,
        /** Neither: a native variant known unusable from its manifest. */
        OTHER
    }

    /**
     * The first line of the failure when every candidate is rejected, saying whose refusals they are: {@code
     * P: no candidate can run on this CPU} when every refusal is the CPU's, {@code with this JVM} when every one is
     * the JVM's, {@code on this CPU with this JVM} when both refuse, {@code after cpufeatures.disable} when the
     * user's removals do; {@code here} when a native variant could not be used at all. What the JVM refuses
     * follows, each reason once with the names it refuses: it is a flag away.
     */
    static <T> String noCandidate(Ledger<T> ledger) {
        Set<Refuser> by = EnumSet.noneOf(Refuser.class);
        Map<String, Set<String>> jvm = new LinkedHashMap<>();
        for (Candidate<T> c : ledger.candidates()) {
            List<Requirements.Unmet> unmet = ledger.unmet(c);
            for (Requirements.Unmet u : unmet) {
                refusers(u, by, jvm);
            }
            if (unmet.isEmpty()) {
                by.add(c.nativeVariant().isPresent() && c.nativeVariant().get().unusable().isPresent()
                        ? Refuser.OTHER : Refuser.CPU);
            }
        }
        String where;
        if (by.contains(Refuser.OTHER) || by.isEmpty()) {
            where = "here";
        } else {
            List<String> parts = new ArrayList<>();
            if (by.contains(Refuser.CPU)) {
                parts.add("on this CPU");
            }
            if (by.contains(Refuser.JVM)) {
                parts.add("with this JVM");
            }
            if (by.contains(Refuser.DISABLE)) {
                parts.add("after cpufeatures.disable");
            }
            where = String.join(" ", parts);
        }
        StringBuilder sb = new StringBuilder(ledger.point().name()).append(": no candidate can run ").append(where);
        if (!jvm.isEmpty()) {
            List<String> each = new ArrayList<>();
            jvm.forEach((detail, names) -> each.add(detail + " (" + String.join(", ", names) + ")"));
            sb.append(": ").append(String.join("; ", each));
        }
        return sb.toString();
    }

    /** Adds who refused {@code u} to {@code by}, and each JVM reason with the names it refuses to {@code jvm}. */
    private static void refusers(Requirements.Unmet u, Set<Refuser> by, Map<String, Set<String>> jvm) {
        if (!u.alternatives().isEmpty()) {
            for (Requirements.Unmet a : u.alternatives()) {
                refusers(a, by, jvm);
            }
            return;
        }
        if (u.mustBeAbsent() || u.reasons().isEmpty()) {
            by.add(u.name().startsWith("jvm.") ? Refuser.JVM : Refuser.CPU);
            return;
        }
        for (Reason r : u.reasons()) {
            switch (r.kind()) {
                case JVM -> {
                    by.add(Refuser.JVM);
                    jvm.computeIfAbsent(r.detail(), d -> new LinkedHashSet<>()).add(u.name());
                }
                case DISABLED -> by.add(Refuser.DISABLE);
                default -> by.add(Refuser.CPU);
            }
        }
    }

    private static <T> Choice chosen(Ledger<T> ledger, Candidate<T> c) {
        ledger.select(c);
        return new Choice(ledger.point().name(), c.name(), ledger.explanation(Optional.of(c.name())));
    }

    /**
     * {@code candidates} highest priority first, those of one priority in registration order. An insertion sort, not
     * a comparator: nothing is spun on a first use, and a point has a handful of candidates.
     */
    static <T> List<Candidate<T>> byPriority(List<Candidate<T>> candidates) {
        List<Candidate<T>> order = new ArrayList<>(candidates.size());
        for (Candidate<T> c : candidates) {
            int at = order.size();
            while (at > 0 && order.get(at - 1).priority() < c.priority()) {
                at--;
            }
            order.add(at, c);
        }
        return order;
    }
}
