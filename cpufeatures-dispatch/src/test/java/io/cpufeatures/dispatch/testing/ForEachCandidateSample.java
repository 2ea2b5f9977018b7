package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.dispatch.fixtures.Kernel;

/** Run only through the engine test kit by {@link ForEachCandidateTest} (no Test suffix: Surefire skips it). */
class ForEachCandidateSample {

    @ForEachCandidate("test.foreach")
    void addsOne(Kernel kernel) {
        assertEquals(42, kernel.apply(41));
    }

    @ForEachCandidate("test.foreach")
    void knowsItsName(CandidateUnderTest<Kernel> candidate) {
        assertEquals(candidate.name(), candidate.candidate().name());
    }
}
