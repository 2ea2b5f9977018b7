package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.DispatchOverrides;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPoints;
import io.cpufeatures.dispatch.Explanation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every dispatch point on the class path and what it chose (or would choose) for a CPU.
 *
 * @param points one entry per point, by name
 * @param basis  how the choices were made
 */
record DispatchReport(List<Entry> points, Basis basis) {

    /** How a report's choices are made. */
    enum Basis {
        /**
         * Requirements, priority and (on this machine) the process's overrides: nothing is made,
         * self-tested or calibrated, so it costs microseconds and answers for any CPU.
         */
        REQUIREMENTS,
        /**
         * This process's own selection, as a program on this machine makes it: candidates are made and
         * self-tested, and calibrated where the point or {@code cpufeatures.dispatch.calibrate} asks.
         */
        SELECTION;

        /** The name in JSON: {@code requirements} or {@code selection}. */
        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One point: its explanation, or the error that stopped its selection, and the architectures of its
     * candidates that are native builds (by name), so a report can sum up other architectures' builds.
     */
    record Entry(String point, Optional<Explanation> explanation, Optional<String> error,
            Map<String, String> nativeArchitectures) {

        Entry {
            nativeArchitectures = Map.copyOf(nativeArchitectures);
        }

        Optional<String> selected() {
            return explanation.flatMap(Explanation::selected);
        }
    }

    /**
     * The choices for {@code features}: for {@link Basis#SELECTION}, this process's (which must be
     * about this machine); for {@link Basis#REQUIREMENTS}, what that CPU would choose, under this
     * process's overrides when {@code process}, else none.
     *
     * @throws DispatchException if the points on the class path cannot be listed (a provider fails, two share a name)
     */
    static DispatchReport of(CpuFeatures features, boolean process, Basis basis) {
        if (basis == Basis.SELECTION && !process) {
            throw new IllegalArgumentException("only this machine's choices can be selected; another CPU's are by requirements");
        }
        List<Entry> entries = new ArrayList<>();
        for (DispatchPoint<?> p : DispatchPoints.onClassPath()) {
            Map<String, String> nativeArchitectures = new HashMap<>();
            p.candidates().forEach(c -> c.nativeVariant().ifPresent(v -> nativeArchitectures.put(c.name(), v.architecture())));
            try {
                Explanation e = basis == Basis.SELECTION ? p.selection().explain()
                        : p.choiceFor(features, process ? DispatchOverrides.current() : DispatchOverrides.none()).explain();
                entries.add(new Entry(p.name(), Optional.of(e), Optional.empty(), nativeArchitectures));
            } catch (DispatchException e) {
                entries.add(new Entry(p.name(), e.explanation(), Optional.of(firstLine(e.getMessage())), nativeArchitectures));
            }
        }
        return new DispatchReport(entries, basis);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
