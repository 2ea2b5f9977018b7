package io.cpufeatures.verification.first;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.Dispatched;
import io.cpufeatures.dispatch.Requirements;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * A fresh JVM's first answer and first dispatched call, as a library with one point makes them: prints
 * {@code has(args[0])} and the point's answer for -1 (64), then the choice.
 */
public final class FirstChoiceMain {

    private static final DispatchPoint<LongUnaryOperator> POINT = DispatchPoint.builder("first.bitcount",
            LongUnaryOperator.class)
            .candidate(Candidate.of("popcnt", "Long.bitCount", 10, Requirements.of(List.of("popcnt", "jvm.popcnt"),
                    List.of(), "first.bitcount/popcnt"), () -> Long::bitCount))
            .candidate(Candidate.of("scalar", "a loop", 0, Requirements.NONE, () -> x -> {
                long n = 0;
                for (long v = x; v != 0; v &= v - 1) {
                    n++;
                }
                return n;
            }))
            .build();

    /** The holder idiom: the choice is made when this is first touched. */
    private static final class Chosen {
        static final Dispatched<LongUnaryOperator> IMPL = POINT.dispatched();
    }

    private FirstChoiceMain() {
    }

    public static void main(String[] args) {
        System.out.println(CpuFeatures.current().has(args[0]));
        System.out.println(Chosen.IMPL.get().applyAsLong(-1L));
        System.out.println(POINT.selection().name());
    }
}
