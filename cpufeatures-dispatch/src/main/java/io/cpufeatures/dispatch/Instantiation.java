package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.LiveCpu;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.CpuFeatures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The effects of a selection, on the running machine only, after {@link Eligibility}:
 * <ol>
 *   <li>an override is made and self-tested; if that fails, the selection fails;</li>
 *   <li>with calibration on, an eligible candidate that is best when eligible wins outright, else the
 *       eligible candidates offering a benchmark are measured ({@link Calibrator}) and the fastest
 *       wins, a lower-priority one only by more than {@value #MARGIN_PERCENT}%;</li>
 *   <li>otherwise the eligible candidates are taken in priority order;</li>
 *   <li>a winner that cannot be made (its class cannot be linked, say a Vector API class on a JVM
 *       without {@code jdk.incubator.vector}, or its constructor throws) or fails its self-test is
 *       rejected with the cause and the next one is taken;</li>
 *   <li>one INFO line names the winner and its requirements.</li>
 * </ol>
 */
final class Instantiation<T> {

    private static final Log LOG = Log.of(Instantiation.class);

    /** How much faster a lower-priority candidate must be to win a calibration. */
    static final int MARGIN_PERCENT = 5;

    private final PointDescription<T> point;
    private final Ledger<T> ledger;
    private final Map<Candidate<T>, T> made = new LinkedHashMap<>();

    private Instantiation(PointDescription<T> point, Ledger<T> ledger) {
        this.point = point;
        this.ledger = ledger;
    }

    /**
     * Selects on this machine: assesses, then makes, self-tests and, where asked, calibrates.
     *
     * @throws DispatchException if no candidate can be used, or an override cannot be honoured
     */
    static <T> Selection<T> select(PointDescription<T> point, CpuFeatures features, DispatchOverrides overrides,
            boolean simulation) {
        return select(point, assess(point, features, overrides, simulation), overrides);
    }

    /**
     * The part of a selection that runs the library's code alone: which candidates {@code features} runs, and where
     * they answer for another CPU than this process's, which of those this one runs too.
     *
     * @throws DispatchException for an override that cannot be honoured
     */
    static <T> Eligibility.Assessment<T> assess(PointDescription<T> point, CpuFeatures features,
            DispatchOverrides overrides, boolean simulation) {
        Eligibility.Assessment<T> a = Eligibility.assess(point, features, overrides);
        Optional<CpuFeatures> live = LiveCpu.where(features);
        if (live.isPresent()) {
            confine(point, a, features, live.get(), simulation, overrides.unsafe());
        }
        return a;
    }

    /**
     * The part of a selection that runs the candidates' code, on the calling thread: makes, self-tests and, where
     * asked, calibrates what {@code a} found eligible.
     *
     * @throws DispatchException if no candidate can be used, or the override's fails
     */
    static <T> Selection<T> select(PointDescription<T> point, Eligibility.Assessment<T> a, DispatchOverrides overrides) {
        Instantiation<T> i = new Instantiation<>(point, a.ledger());
        if (a.override().isPresent()) {
            return i.overridden(a.override().get());
        }
        List<Candidate<T>> eligible = new ArrayList<>();
        for (Candidate<T> c : a.ledger().candidates()) {
            if (a.ledger().eligible(c)) {
                eligible.add(c);
            }
        }
        if (eligible.isEmpty()) {
            throw a.ledger().failure(Eligibility.noCandidate(a.ledger()));
        }
        if (point.calibrated() || overrides.calibrates(point.name())) {
            Optional<Selection<T>> s = i.calibrated(eligible);
            if (s.isPresent()) {
                return s.get();
            }
        }
        for (Candidate<T> c : eligible) {
            if (a.ledger().eligible(c) && i.usable(c)) {
                return i.selected(c, c.name() + " (" + c.requirements().summary() + ")", Selection.PRIORITY);
            }
        }
        throw a.ledger().failure(point.name() + ": every eligible candidate failed");
    }

    /**
     * Initialises the classes {@link #select(PointDescription, Eligibility.Assessment, DispatchOverrides)} uses, and
     * the logging backend where a provider will show its line: called where the library's first use has the stack
     * to spare, so that a short stack on the calling thread fails that call alone, never a class for the JVM's life.
     */
    static void ready() {
        Class<?>[] used = {Instantiation.class, ForCores.class, Construction.class, Selection.class,
            VectorModuleWarning.class, io.cpufeatures.dispatch.jfr.ChoiceRecord.class,
            io.cpufeatures.dispatch.jfr.DispatchHistory.class};
        for (Class<?> c : used) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        Log.startBackend();
    }

    /**
     * Where {@code features} answers for another CPU than the one this process runs on ({@code live}): rejects each
     * eligible candidate {@code live} cannot run, so that an emulated CPU never chooses code for this one. A native
     * variant always; a Java candidate unless {@code simulation} (the process simulates the other machine: the JIT
     * compiles Java code for the CPU it runs on, whatever was chosen). Where the other CPU's own choice is refused so,
     * one WARN line says it; an override this CPU cannot run fails as one whose requirements fail does.
     */
    private static <T> void confine(PointDescription<T> point, Eligibility.Assessment<T> a, CpuFeatures features,
            CpuFeatures live, boolean simulation, boolean unsafe) {
        Ledger<T> ledger = a.ledger();
        if (a.override().isPresent()) {
            Candidate<T> c = a.override().get().candidate();
            String why = simulation && c.nativeVariant().isEmpty() ? null : cannotRunOn(c, live);
            if (why != null && (c.nativeVariant().isPresent() || !unsafe)) {
                throw ledger.failure(a.override().get().source().source() + ": candidate " + c.name() + " cannot run"
                        + " on this CPU (" + why + "), whatever " + features.source().kind().id() + " "
                        + features.source().detail() + " says" + (c.nativeVariant().isPresent() ? "" : "; set"
                        + " -Dcpufeatures.dispatch.unsafe=true to override anyway"));
            }
            return;
        }
        boolean otherCpusChoice = true;
        for (Candidate<T> c : ledger.candidates()) {
            if (!ledger.eligible(c)) {
                continue;
            }
            boolean first = otherCpusChoice;
            otherCpusChoice = false;
            if (simulation && c.nativeVariant().isEmpty()) {
                continue;
            }
            String why = cannotRunOn(c, live);
            if (why == null) {
                continue;
            }
            ledger.reject(c, "this CPU cannot run it: " + why + " (the features are " + features.source().kind().id()
                    + " " + features.source().detail() + "'s, not this CPU's)");
            if (first) {
                LOG.warn("{}: {} would be chosen for {} {}, but this CPU cannot run it ({}): choosing among what it runs"
                        + " (-Dcpufeatures.dispatch.simulate=true chooses Java code for that machine alone)",
                        point.name(), c.name(), features.source().kind().id(), features.source().detail(), why);
            }
        }
    }

    /** Why {@code live} cannot run {@code c}, or null. */
    private static <T> String cannotRunOn(Candidate<T> c, CpuFeatures live) {
        Optional<String> refused = c.refusedOn(live.architecture());
        if (refused.isPresent()) {
            return refused.get();
        }
        List<String> unmet = new ArrayList<>();
        for (Requirements.Unmet u : c.requirements().check(live)) {
            unmet.add(u.toString());
        }
        return unmet.isEmpty() ? null : String.join("; ", unmet);
    }

    private Selection<T> overridden(Eligibility.Override<T> o) {
        Candidate<T> c = o.candidate();
        if (o.despiteRequirements()) {
            LOG.warn("{}: overriding with {} although {}", point.name(), c.name(), String.join("; ", ledger.reasons(c)));
        }
        if (!usable(c)) {
            throw ledger.failure(o.source().source() + ": the override's candidate " + c.name() + " failed");
        }
        ledger.toOthers(c, "not considered: " + c.name() + " is chosen by an override");
        ledger.line(c).override = o.why();
        return selected(c, c.name() + " (" + o.why() + ")", o.despiteRequirements() ? Selection.UNSAFE_OVERRIDE
                : Selection.OVERRIDE);
    }

    /** Calibration; empty when no candidate offers a benchmark (then priority decides). */
    private Optional<Selection<T>> calibrated(List<Candidate<T>> eligible) {
        for (Candidate<T> c : eligible) {
            if (c.isBestWhenEligible() && usable(c)) {
                ledger.line(c).reasons.add("best when eligible: no need to calibrate");
                for (Candidate<T> other : eligible) {
                    if (other != c && ledger.eligible(other)) {
                        ledger.line(other).reasons.add("not calibrated: " + c.name() + " is best when eligible");
                    }
                }
                return Optional.of(selected(c, c.name() + " (" + c.requirements().summary() + ")",
                        Selection.BEST_WHEN_ELIGIBLE));
            }
        }
        List<Candidate<T>> measured = new ArrayList<>();
        for (Candidate<T> c : eligible) {
            if (!ledger.eligible(c) || c.isBestWhenEligible() || !usable(c)) {
                continue;
            }
            if (!(made.get(c) instanceof Calibratable bench)) {
                ledger.line(c).reasons.add("offers no benchmark");
                continue;
            }
            double speed;
            try {
                speed = Calibrator.measure(bench, point.calibrationWarmup(), point.calibrationTime());
            } catch (RuntimeException | LinkageError e) {
                Once.rethrowIfMomentary(e);
                ledger.reject(c, "calibration failed: " + Construction.describe(e));
                continue;
            }
            ledger.line(c).speed = OptionalDouble.of(speed);
            LOG.info("{}: {} {} MB/s", point.name(), c.name(), Math.round(speed));
            measured.add(c);
        }
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        Candidate<T> best = fastest(measured, c -> ledger.line(c).speed.getAsDouble());
        double top = ledger.line(best).speed.getAsDouble();
        for (Candidate<T> c : measured) {
            double speed = ledger.line(c).speed.getAsDouble();
            if (c != best) {
                ledger.line(c).reasons.add(speed <= top
                        ? "slower in calibration: " + Math.round(speed) + " vs " + Math.round(top) + " MB/s (" + best.name() + ")"
                        : "not " + MARGIN_PERCENT + "% faster in calibration than " + best.name() + ", which has a higher"
                                + " priority: " + Math.round(speed) + " vs " + Math.round(top) + " MB/s");
            }
        }
        ledger.line(best).reasons.add("fastest in calibration");
        return Optional.of(selected(best, "function: " + best.name() + " (" + Math.round(top) + " MB/s)",
                Selection.CALIBRATION));
    }

    /**
     * The winner of a calibration among {@code byPriority} (highest priority first): a lower-priority
     * candidate must beat the best so far by {@value #MARGIN_PERCENT}%, so two candidates within the
     * noise of one machine keep the order their authors gave them.
     */
    static <C> C fastest(List<C> byPriority, java.util.function.ToDoubleFunction<C> speed) {
        C best = byPriority.get(0);
        for (C c : byPriority) {
            if (speed.applyAsDouble(c) > speed.applyAsDouble(best) * (1 + MARGIN_PERCENT / 100.0)) {
                best = c;
            }
        }
        return best;
    }

    /** Makes and self-tests {@code c} (once); false, with the candidate rejected, if either fails. */
    private boolean usable(Candidate<T> c) {
        if (made.containsKey(c)) {
            return true;
        }
        T instance;
        try {
            instance = c.create();
        } catch (RuntimeException | LinkageError e) {
            // a candidate that could not be made for want of stack or memory is not passed over for good
            Once.rethrowIfMomentary(e);
            String why = Construction.describe(e);
            ledger.reject(c, "could not be made: " + why);
            if (c.nativeVariant().isPresent()) {
                // a bundled build that cannot be used (a damaged jar, an unwritable cache) leaves the process on a
                // lesser one: said here, not only in explain(); a cause every variant shares, once per process
                if (!(e instanceof NativeVariantException n)) {
                    LOG.warn("{}: native variant {} passed over: {}", point.name(), c.name(), why);
                } else if (!n.byRule() && NativeLoading.warnNow(n)) {
                    LOG.warn(n.everyVariant() ? "{}: native variants are passed over: {} (said once per process)"
                            : "{}: native variant " + c.name() + " passed over: {}", point.name(), why);
                }
            }
            return false;
        }
        if (instance instanceof SelfTest test) {
            try {
                test.selfTest();
            } catch (Exception | LinkageError | AssertionError e) {
                Once.rethrowIfMomentary(e);
                ledger.reject(c, "self-test failed: " + e);
                return false;
            }
        }
        made.put(c, instance);
        return true;
    }

    /**
     * Marks {@code c} selected, chosen {@code how} (a {@link Selection} constant), and logs {@code "point: using " +
     * what}; a calibrated winner reads as Linux's {@code "xor: using function: avx (N MB/sec)"}. The explanation is
     * the selection's to build when it is read.
     */
    private Selection<T> selected(Candidate<T> c, String what, String how) {
        ledger.select(c);
        LOG.info("{}: using {}{}", point.name(), what, new ForCores(ledger));
        VectorModuleWarning.logOnce(ledger);
        return new Selection<>(point.name(), c, made.get(c), ledger, how);
    }

    /** The INFO line's end on a hybrid machine ({@code " for every core type (...)"}), worked out when it is logged. */
    private static final class ForCores {
        private final Ledger<?> ledger;

        ForCores(Ledger<?> ledger) {
            this.ledger = ledger;
        }

        @Override
        public String toString() {
            Optional<String> scope = ledger.coreScope();
            return scope.isPresent() ? " for " + scope.get() : "";
        }
    }
}
