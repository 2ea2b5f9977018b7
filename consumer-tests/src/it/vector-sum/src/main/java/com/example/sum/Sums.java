package com.example.sum;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.lang.invoke.MethodHandles;
import java.util.List;

/** The point; cpufeatures-processor lists this provider for ServiceLoader when it compiles. */
public final class Sums implements DispatchPointProvider {

    // Candidates by class: each is made only once found eligible, so a Vector API class is never
    // linked on a JVM without the module. The lookup reaches this package on the module path.
    public static final DispatchPoint<IntSum> POINT = DispatchPoint.builder("example.sum", IntSum.class)
            .candidate(ScalarSum.class)
            .candidate(Vector256Sum.class)
            .candidate(Vector512Sum.class)
            .lookup(MethodHandles.lookup())
            .build();

    // The holder: chosen once, on first use, held in a static final. dispatched() never throws: a
    // choice that failed throws DispatchException with the explanation from get(), on every call,
    // instead of an ExceptionInInitializerError once and NoClassDefFoundError after.
    private static final class Chosen {
        static final Dispatched<IntSum> IMPL = POINT.dispatched();
    }

    public static long sum(int[] values) {
        return Chosen.IMPL.get().sum(values);
    }

    public Sums() {     // for ServiceLoader
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT);
    }
}
