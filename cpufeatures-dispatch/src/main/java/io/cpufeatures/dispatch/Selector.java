package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The selection algorithm, one screen long:
 * <ol>
 *   <li>each candidate's requirements are checked against the CPU features;</li>
 *   <li>a candidate forced by an override is taken if its requirements hold (or if unsafe forcing
 *       is on, with a warning), else the selection fails with the explanation;</li>
 *   <li>otherwise, with calibration on, an eligible {@code forced()} candidate wins outright, else
 *       the eligible candidates offering a benchmark are measured and the fastest wins;</li>
 *   <li>otherwise the eligible candidates are taken in priority order;</li>
 *   <li>a winner that cannot be made or fails its self-test is rejected with the cause and the
 *       next one is taken;</li>
 *   <li>one INFO line names the winner and its requirements.</li>
 * </ol>
 * An emulated selection (for another CPU) stops after the requirements: it makes, self-tests and
 * measures nothing, since none of that could run here.
 */
final class Selector<T> {

    private static final Logger LOG = LoggerFactory.getLogger(Selector.class);

    private final DispatchPoint<T> point;
    private final CpuFeatures features;
    private final DispatchSettings settings;
    private final boolean emulated;
    private final Map<Candidate<T>, State> states = new LinkedHashMap<>();

    /** Per-candidate outcome, filled while selecting. */
    private static final class State {
        CandidateStatus status = CandidateStatus.ELIGIBLE;
        final List<String> reasons = new ArrayList<>();
        OptionalDouble speed = OptionalDouble.empty();
        Object instance;
    }

    Selector(DispatchPoint<T> point, CpuFeatures features, DispatchSettings settings, boolean emulated) {
        this.point = point;
        this.features = features;
        this.settings = settings;
        this.emulated = emulated;
    }

    Selection<T> select() {
        List<Candidate<T>> order = new ArrayList<>(point.candidates());
        order.sort(Comparator.comparingInt((Candidate<T> c) -> c.priority()).reversed());
        List<Candidate<T>> eligible = new ArrayList<>();
        for (Candidate<T> c : order) {
            State s = new State();
            states.put(c, s);
            List<Requirements.Unmet> unmet = c.requirements().check(features);
            if (unmet.isEmpty()) {
                eligible.add(c);
            } else {
                s.status = CandidateStatus.REJECTED;
                unmet.forEach(u -> s.reasons.add(u.toString()));
            }
        }
        Optional<DispatchSettings.Forced> forced = settings.forcedFor(point.name());
        if (forced.isPresent()) {
            return selectForced(forced.get());
        }
        if (eligible.isEmpty()) {
            throw new DispatchException(point.name() + ": no candidate can run on this CPU", explanation(null));
        }
        if (!emulated && (point.calibrated() || settings.calibrates(point.name()))) {
            Selection<T> s = selectCalibrated(eligible);
            if (s != null) {
                return s;
            }
        }
        for (Candidate<T> c : eligible) {
            if (states.get(c).status == CandidateStatus.REJECTED) {
                continue;
            }
            if (emulated || usable(c)) {
                return chosen(c, c.requirements().summary());
            }
        }
        throw new DispatchException(point.name() + ": every eligible candidate failed", explanation(null));
    }

    private Selection<T> selectForced(DispatchSettings.Forced f) {
        Candidate<T> c = point.candidates().stream().filter(x -> x.name().equals(f.candidate())).findFirst()
                .orElseThrow(() -> new DispatchException(f.source() + ": unknown candidate '" + f.candidate()
                        + "' for dispatch point " + point.name() + "; valid: " + String.join(", ", point.candidateNames()),
                        null));
        State s = states.get(c);
        String why;
        if (s.status == CandidateStatus.REJECTED) {
            if (!settings.unsafe()) {
                throw new DispatchException(f.source() + ": candidate " + c.name() + " cannot run on this CPU;"
                        + " set -Dcpufeatures.dispatch.unsafe=true to force it anyway", explanation(null));
            }
            why = "forced by " + DispatchSettings.describe(f) + " despite unmet requirements (cpufeatures.dispatch.unsafe=true)";
            if (!emulated) {
                LOG.warn("{}: forcing {} although {}", point.name(), c.name(), String.join("; ", s.reasons));
            }
            s.status = CandidateStatus.ELIGIBLE;
        } else {
            why = "forced by " + DispatchSettings.describe(f);
        }
        if (!emulated && !usable(c)) {
            throw new DispatchException(f.source() + ": forced candidate " + c.name() + " failed", explanation(null));
        }
        for (Map.Entry<Candidate<T>, State> e : states.entrySet()) {
            if (e.getKey() != c && e.getValue().status == CandidateStatus.ELIGIBLE) {
                e.getValue().reasons.add("not considered: " + c.name() + " is forced");
            }
        }
        s.reasons.add(0, why);
        return chosen(c, why);
    }

    /** Calibration; null when no candidate offers a benchmark (then priority decides). */
    private Selection<T> selectCalibrated(List<Candidate<T>> eligible) {
        for (Candidate<T> c : eligible) {
            if (c.isForced() && usable(c)) {
                states.get(c).reasons.add("forced when eligible: no need to calibrate");
                for (Candidate<T> other : eligible) {
                    if (other != c && states.get(other).status == CandidateStatus.ELIGIBLE) {
                        states.get(other).reasons.add("not calibrated: " + c.name() + " is forced when eligible");
                    }
                }
                return chosen(c, c.requirements().summary());
            }
        }
        List<Candidate<T>> measured = new ArrayList<>();
        for (Candidate<T> c : eligible) {
            State s = states.get(c);
            if (s.status == CandidateStatus.REJECTED || c.isForced() || !usable(c)) {
                continue;
            }
            if (!(s.instance instanceof Calibratable bench)) {
                s.reasons.add("offers no benchmark");
                continue;
            }
            try {
                s.speed = OptionalDouble.of(Calibrator.measure(bench, point.calibrationWarmup(), point.calibrationTime()));
            } catch (RuntimeException | LinkageError e) {
                reject(c, "calibration failed: " + e);
                continue;
            }
            LOG.info("{}: {} {} MB/s", point.name(), c.name(), Math.round(s.speed.getAsDouble()));
            measured.add(c);
        }
        if (measured.isEmpty()) {
            return null;
        }
        Candidate<T> best = measured.get(0);
        for (Candidate<T> c : measured) {
            if (states.get(c).speed.getAsDouble() > states.get(best).speed.getAsDouble()) {
                best = c;
            }
        }
        double top = states.get(best).speed.getAsDouble();
        for (Candidate<T> c : measured) {
            if (c != best) {
                states.get(c).reasons.add("slower in calibration: " + Math.round(states.get(c).speed.getAsDouble())
                        + " vs " + Math.round(top) + " MB/s (" + best.name() + ")");
            }
        }
        states.get(best).reasons.add("fastest in calibration");
        return selected(best, "function: " + best.name() + " (" + Math.round(top) + " MB/s)");
    }

    /** Makes and self-tests {@code c} (once); false, with the candidate rejected, if either fails. */
    private boolean usable(Candidate<T> c) {
        State s = states.get(c);
        if (s.instance != null) {
            return true;
        }
        T instance;
        try {
            instance = c.create();
        } catch (RuntimeException | LinkageError e) {
            reject(c, "could not be made: " + e);
            return false;
        }
        if (instance instanceof SelfTest test) {
            try {
                test.selfTest();
            } catch (Exception | LinkageError | AssertionError e) {
                reject(c, "self-test failed: " + e);
                return false;
            }
        }
        s.instance = instance;
        return true;
    }

    private void reject(Candidate<T> c, String why) {
        State s = states.get(c);
        s.status = CandidateStatus.REJECTED;
        s.reasons.add(why);
    }

    private Selection<T> chosen(Candidate<T> c, String logDetail) {
        return selected(c, c.name() + " (" + logDetail + ")");
    }

    /**
     * Marks {@code c} selected and logs {@code "point: using " + what}; a calibrated winner reads as
     * Linux's {@code "xor: using function: avx (N MB/sec)"}.
     */
    @SuppressWarnings("unchecked")
    private Selection<T> selected(Candidate<T> c, String what) {
        State s = states.get(c);
        s.status = CandidateStatus.SELECTED;
        for (Map.Entry<Candidate<T>, State> e : states.entrySet()) {
            if (e.getKey() != c && e.getValue().status == CandidateStatus.ELIGIBLE && e.getValue().reasons.isEmpty()) {
                e.getValue().reasons.add("lower priority than " + c.name());
            }
        }
        Explanation e = explanation(c);
        if (!emulated) {
            LOG.info("{}: using {}", point.name(), what);
        }
        return new Selection<>(point.name(), c, (T) s.instance, e);
    }

    private Explanation explanation(Candidate<T> selected) {
        List<CandidateReport> reports = new ArrayList<>();
        for (Map.Entry<Candidate<T>, State> e : states.entrySet()) {
            Candidate<T> c = e.getKey();
            State s = e.getValue();
            reports.add(new CandidateReport(c.name(), c.description(), c.priority(), c.requirements().summary(),
                    s.status, s.reasons, s.speed));
        }
        return new Explanation(point.name(), Optional.ofNullable(selected).map(Candidate::name), reports,
                features.source().toString());
    }

    static Duration defaultWarmup() {
        return Duration.ofMillis(10);
    }

    static Duration defaultMeasure() {
        return Duration.ofMillis(25);
    }
}
