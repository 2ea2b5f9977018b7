package io.cpufeatures.cli;

import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import io.cpufeatures.dispatch.Requirements;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * The dispatch point on the command's test class path (listed in META-INF/services), as a user's own
 * would be: a population count with a POPCNT candidate and a portable one. Making a candidate says
 * so on stderr when {@code cpufeatures.test.announceMade} is set, so a test can tell a command that
 * makes candidates from one that only reads their requirements.
 */
public final class TestPoints implements DispatchPointProvider {

    /** {@code cli.popcount}: {@code popcnt} needs popcnt and jvm.popcnt, {@code portable} nothing. */
    static final DispatchPoint<LongUnaryOperator> POPCOUNT = DispatchPoint.builder("cli.popcount", LongUnaryOperator.class)
            .candidate(Candidate.of("popcnt", "Long.bitCount", 10,
                    Requirements.of(List.of("popcnt", "jvm.popcnt"), List.of(), "cli.popcount/popcnt"), () -> made("popcnt", Long::bitCount)))
            .candidate(Candidate.of("portable", "a loop", 0, Requirements.NONE, () -> made("portable", x -> {
                long n = 0;
                for (long v = x; v != 0; v &= v - 1) {
                    n++;
                }
                return n;
            })))
            .build();

    private static LongUnaryOperator made(String candidate, LongUnaryOperator implementation) {
        if (Boolean.getBoolean("cpufeatures.test.announceMade")) {
            System.err.println("made cli.popcount/" + candidate);
        }
        return implementation;
    }

    /** For ServiceLoader. */
    public TestPoints() {
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of(POPCOUNT);
    }
}
