package com.example.sum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.dispatch.testing.ForEachCandidate;
import io.cpufeatures.dispatch.testing.WhenUnavailable;
import java.util.SplittableRandom;

class SumTest {

    // Once per candidate this machine can run; FAIL_IF_JVM fails a candidate the JVM could not run
    // (the Vector API module missing), so a build without the argLine is not green untested.
    @ForEachCandidate(value = "example.sum", whenUnavailable = WhenUnavailable.FAIL_IF_JVM)
    void sumsAsTheScalarLoopDoes(IntSum candidate) {
        int[] values = new SplittableRandom(1).ints(1003).toArray();
        assertEquals(new ScalarSum().sum(values), candidate.sum(values));
    }
}
