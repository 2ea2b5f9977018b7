package io.cpufeatures.dispatch.jfr;

import io.cpufeatures.core.internal.JfrGate;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.CandidateStatus;
import io.cpufeatures.dispatch.Explanation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * Records the dispatch module's events. On the first one that {@link JfrGate} lets through, it registers a periodic
 * hook per event type, which JFR calls at the start and the end of every chunk to commit the whole history again, and
 * the probe's event (so a recording that shows choices shows the CPU they were made for); registering in the middle
 * of a chunk emits nothing for that chunk, so the history so far is committed at once. After that, each new choice or
 * load is committed when it is made. A chunk holds each event more than once (when made, at its start, at its end;
 * a choice made while the first registration is under way maybe twice more): readers take one per point and time.
 */
final class DispatchRecording {

    private static final AtomicBoolean REGISTERED = new AtomicBoolean();

    private DispatchRecording() {
    }

    /** A process-wide choice was made. */
    static void chosen(ChoiceRecord choice) {
        if (!registerOnce()) {
            commit(choice);
            commitCandidates(choice);
        }
    }

    /** A native variant was loaded. */
    static void loaded(NativeLoadRecord load) {
        if (!registerOnce()) {
            commit(load);
        }
    }

    private static boolean registerOnce() {
        if (!REGISTERED.compareAndSet(false, true)) {
            return false;
        }
        FlightRecorder.addPeriodicEvent(ChoiceEvent.class, new Choices());
        FlightRecorder.addPeriodicEvent(CandidateEvent.class, new Candidates());
        FlightRecorder.addPeriodicEvent(NativeLoadEvent.class, new Loads());
        JfrGate.register();
        new Choices().run();
        new Candidates().run();
        new Loads().run();
        return true;
    }

    /** Every choice so far: the periodic hook of {@link ChoiceEvent}. */
    private static final class Choices implements Runnable {
        @Override
        public void run() {
            for (ChoiceRecord c : DispatchHistory.choices()) {
                commit(c);
            }
        }
    }

    /** Every candidate of every choice so far: the periodic hook of {@link CandidateEvent}. */
    private static final class Candidates implements Runnable {
        @Override
        public void run() {
            for (ChoiceRecord c : DispatchHistory.choices()) {
                commitCandidates(c);
            }
        }
    }

    /** Every native load so far: the periodic hook of {@link NativeLoadEvent}. */
    private static final class Loads implements Runnable {
        @Override
        public void run() {
            for (NativeLoadRecord l : DispatchHistory.loads()) {
                commit(l);
            }
        }
    }

    private static void commit(ChoiceRecord c) {
        ChoiceEvent e = new ChoiceEvent();
        if (!e.isEnabled()) {
            return;
        }
        fill(e, c);
        e.commit();
    }

    /** Fills {@code e} with the choice {@code c}. */
    static void fill(ChoiceEvent e, ChoiceRecord c) {
        Explanation x = c.explanation();
        e.point = x.point();
        e.chosen = x.selected().orElse("");
        e.how = c.how();
        e.calibration = calibration(x);
        e.passedOver = passedOver(x);
        e.error = c.error();
        e.cpuSource = x.source();
        e.coreScope = x.coreScope().orElse("");
        e.candidates = x.candidates().size();
        e.selectionDuration = c.selectionNanos();
        e.chosenAt = c.chosenAt();
    }

    /** Each measured candidate with its figure, fastest first: {@code vector256 51207 MB/s, scalar 3100 MB/s}. */
    static String calibration(Explanation x) {
        List<CandidateReport> measured = new ArrayList<>();
        for (CandidateReport r : x.candidates()) {
            if (r.speed().isPresent()) {
                measured.add(r);
            }
        }
        measured.sort(Comparator.comparingDouble((CandidateReport r) -> r.speed().getAsDouble()).reversed());
        List<String> parts = new ArrayList<>();
        for (CandidateReport r : measured) {
            parts.add(r.name() + " " + Math.round(r.speed().getAsDouble()) + " MB/s");
        }
        return String.join(", ", parts);
    }

    /** Every candidate but the chosen one: {@code vector512 (rejected: prefer_ymm is set (excluded))}. */
    static String passedOver(Explanation x) {
        List<String> parts = new ArrayList<>();
        for (CandidateReport r : x.candidates()) {
            if (r.status() != CandidateStatus.SELECTED) {
                parts.add(r.name() + " (" + status(r) + (r.reasons().isEmpty() ? "" : ": " + String.join("; ",
                        r.reasons())) + ")");
            }
        }
        return String.join(", ", parts);
    }

    private static String status(CandidateReport r) {
        return r.status().name().toLowerCase(Locale.ROOT);
    }

    private static void commitCandidates(ChoiceRecord c) {
        List<CandidateReport> all = c.explanation().candidates();
        for (int i = 0; i < all.size(); i++) {
            CandidateEvent e = new CandidateEvent();
            if (!e.isEnabled()) {
                return;
            }
            fill(e, c, i);
            e.commit();
        }
    }

    /** Fills {@code e} with the candidate of rank {@code rank} of the choice {@code c}. */
    static void fill(CandidateEvent e, ChoiceRecord c, int rank) {
        CandidateReport r = c.explanation().candidates().get(rank);
        e.point = c.explanation().point();
        e.candidate = r.name();
        e.rank = rank;
        e.status = status(r);
        e.priority = r.priority();
        e.requirements = r.requirements();
        e.description = r.description();
        e.speed = r.speed().orElse(Double.NaN);
        e.reasons = String.join("\n", r.reasons());
        e.chosenAt = c.chosenAt();
    }

    private static void commit(NativeLoadRecord l) {
        NativeLoadEvent e = new NativeLoadEvent();
        if (!e.isEnabled()) {
            return;
        }
        fill(e, l);
        e.commit();
    }

    /** Fills {@code e} with the load {@code l}. */
    static void fill(NativeLoadEvent e, NativeLoadRecord l) {
        e.platform = l.platform();
        e.variant = l.variant();
        e.file = l.file();
        e.sha256 = l.sha256();
        e.verified = l.verified();
        e.cache = l.written() ? "written" : "reused";
        e.loadDuration = l.loadNanos();
        e.loadedAt = l.loadedAt();
    }
}
