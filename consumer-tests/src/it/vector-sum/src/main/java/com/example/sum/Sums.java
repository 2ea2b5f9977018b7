package com.example.sum;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * The dispatch point {@code example.sum} and its entry, as the README shows; cpufeatures-processor
 * lists this provider for ServiceLoader when it compiles.
 */
public final class Sums implements DispatchPointProvider {

    /**
     * The point and its candidates, registered by class: each is made only once found eligible, so
     * the Vector API classes are never linked on a JVM without the module. The lookup lets the
     * dispatcher make them from this module's unexported package on the module path.
     */
    public static final DispatchPoint<IntSum> POINT = DispatchPoint.builder("example.sum", IntSum.class)
            .candidate(ScalarSum.class)
            .candidate(Vector256Sum.class)
            .candidate(Vector512Sum.class)
            .lookup(MethodHandles.lookup())
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
