package io.cpufeatures.examples.skeleton;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Dispatched;
import java.util.List;

/**
 * The dispatch point {@code skeleton.bitcount} and the public entry: the choice is made once, on
 * first use, and held in a static final field, so {@link #count(long[])} costs a direct call.
 */
public final class BitCounts implements DispatchPointProvider {

    /** The point: its name, its service type, its candidates. */
    public static final DispatchPoint<BitCount> POINT = DispatchPoint.builder("skeleton.bitcount", BitCount.class)
            .candidate(ScalarBitCount.class, ScalarBitCount::new)
            .candidate(PopcntBitCount.class, PopcntBitCount::new)
            .build();

    /**
     * The chosen implementation, selected when this holder is first touched; a failed selection is
     * the point's DispatchException on every call, never an error initialising this class.
     */
    private static final class Chosen {
        static final Dispatched<BitCount> IMPL = POINT.dispatched();
    }

    /** For ServiceLoader (tools find the point through it). */
    public BitCounts() {
    }

    /** The number of set bits in {@code words}, by the best implementation for this CPU and JVM. */
    public static long count(long[] words) {
        return Chosen.IMPL.get().count(words);
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POINT);
    }
}
