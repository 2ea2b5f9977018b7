package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.dispatch.fixtures.Kernel;

/** Run only through the engine test kit by {@link ForEachCandidateTest} (no Test suffix: Surefire skips them). */
final class UnavailableSamples {

    private UnavailableSamples() {
    }

    static class Skipping {
        @ForEachCandidate("test.unavailable")
        void addsOne(Kernel kernel) {
            assertEquals(42, kernel.apply(41));
        }
    }

    static class FailingIfJvm {
        @ForEachCandidate(value = "test.unavailable", whenUnavailable = WhenUnavailable.FAIL_IF_JVM)
        void addsOne(Kernel kernel) {
            assertEquals(42, kernel.apply(41));
        }
    }

    static class Failing {
        @ForEachCandidate(value = "test.unavailable", whenUnavailable = WhenUnavailable.FAIL)
        void addsOne(Kernel kernel) {
            assertEquals(42, kernel.apply(41));
        }
    }

    static class Unmakeable {
        @ForEachCandidate("test.unmakeable")
        void addsOne(Kernel kernel) {
            assertEquals(42, kernel.apply(41));
        }
    }
}
