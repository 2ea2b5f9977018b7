package io.cpufeatures.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a dispatch point is, without its state: its name, its candidates and how it calibrates. The pure choice
 * ({@link Eligibility}) and the instantiation ({@link Instantiation}) take this, not the {@link DispatchPoint},
 * which also holds the process-wide selection once made: a choice for a dump or a test never touches it.
 *
 * @param name              the point's name
 * @param candidates        its candidates, in registration order
 * @param calibrated        whether the point asked for calibration itself
 * @param calibrationWarmup how long each candidate is warmed up when calibrating
 * @param calibrationTime   how long each candidate is measured when calibrating
 * @param <T>               the point's service type
 */
record PointDescription<T>(String name, List<Candidate<T>> candidates, boolean calibrated, Duration calibrationWarmup,
        Duration calibrationTime) {

    PointDescription {
        Objects.requireNonNull(name, "name");
        candidates = List.copyOf(candidates);
        Objects.requireNonNull(calibrationWarmup, "calibrationWarmup");
        Objects.requireNonNull(calibrationTime, "calibrationTime");
    }

    /** {@return the candidates' names, in registration order} */
    List<String> candidateNames() {
        List<String> names = new ArrayList<>(candidates.size());
        for (Candidate<T> c : candidates) {
            names.add(c.name());
        }
        return names;
    }
}
