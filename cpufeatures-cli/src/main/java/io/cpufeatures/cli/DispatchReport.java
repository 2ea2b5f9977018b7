package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPoints;
import io.cpufeatures.dispatch.Explanation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every dispatch point on the class path and what it chose (or would choose) for a CPU.
 *
 * @param points one entry per point, by name
 */
record DispatchReport(List<Entry> points) {

    /** One point: its explanation, or the error that stopped its selection. */
    record Entry(String point, Optional<Explanation> explanation, Optional<String> error) {

        Optional<String> selected() {
            return explanation.flatMap(Explanation::selected);
        }
    }

    /**
     * The choices for {@code features}: the process-wide ones (honouring the dispatch overrides) when
     * {@code process}, else what that CPU would choose.
     *
     * @throws DispatchException if the points on the class path cannot be listed (a provider fails, two share a name)
     */
    static DispatchReport of(CpuFeatures features, boolean process) {
        List<Entry> entries = new ArrayList<>();
        for (DispatchPoint<?> p : DispatchPoints.onClassPath()) {
            try {
                Explanation e = process ? p.selection().explain() : p.choiceFor(features).explain();
                entries.add(new Entry(p.name(), Optional.of(e), Optional.empty()));
            } catch (DispatchException e) {
                entries.add(new Entry(p.name(), e.explanation(), Optional.of(firstLine(e.getMessage()))));
            }
        }
        return new DispatchReport(entries);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
