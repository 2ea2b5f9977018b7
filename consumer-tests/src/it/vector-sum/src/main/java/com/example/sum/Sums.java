package com.example.sum;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.util.List;

/** The dispatch point {@code example.sum} and its entry, as the README shows. */
public final class Sums implements DispatchPointProvider {

    /** The point and its candidates. */
    public static final DispatchPoint<IntSum> POINT = DispatchPoint.builder("example.sum", IntSum.class)
            .candidate(ScalarSum.class, () -> new ScalarSum())
            .candidate(Vector256Sum.class, () -> new Vector256Sum())
            .candidate(Vector512Sum.class, () -> new Vector512Sum())
            .build();

    private static final class Chosen {
        static final Dispatched<IntSum> IMPL = POINT.dispatched();
    }

    /** For ServiceLoader. */
    public Sums() {
    }

    /** The sum of {@code values}, by the implementation chosen once for this CPU and JVM. */
    public static long sum(int[] values) {
        return Chosen.IMPL.get().sum(values);
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT);
    }
}
