package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.fixtures.Kernel;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import java.lang.invoke.MethodHandles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Candidates registered by class: read from their annotations, made only once eligible, never fatal to the point. */
class CandidateByClassTest {

    private static String reasons(Selection<Kernel> s, String candidate) {
        return String.join("; ", s.explain().candidate(candidate).orElseThrow().reasons());
    }

    @Test
    void aClassIsNeitherInitialisedNorMadeUntilItIsEligibleAndChosen() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.watched", Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.Watched.class)
                .build();
        assertEquals("watched", point.candidates().get(1).name(), "declared by its annotations");
        assertEquals("watched", point.choiceFor(Machines.zen4()).name());
        assertFalse(Kernels.WatchedFlag.SET.get(), "registering and choosing for another CPU initialise nothing");
        assertEquals("scalar", point.selectForTest(Machines.core2(), DispatchOverrides.none()).name());
        assertFalse(Kernels.WatchedFlag.SET.get(), "an ineligible candidate is never made");
    }

    @Test
    void aClassWhoseInitialiserFailsIsRejectedWithTheCauseAndTheNextIsTaken() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.badinit", Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.BadInit.class)
                .candidate(Kernels.NeedsArgs.class)
                .build();
        Selection<Kernel> s = point.selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals("scalar", s.name(), s.explain().format());
        assertEquals(42, s.instance().apply(41));
        assertTrue(reasons(s, "bad-init").startsWith("could not be made: java.lang.ExceptionInInitializerError"),
                s.explain().format());
        assertEquals("could not be made: java.lang.IllegalStateException: " + Kernels.NeedsArgs.class.getName()
                + " has no constructor without parameters; a candidate registered by class is made by that constructor",
                reasons(s, "needs-args"));
    }

    @Test
    void aMissingClassIsRejectedWithTheModuleToAdd() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.unlinkable", Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.Unlinkable.class)
                .build();
        Selection<Kernel> s = point.selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals("scalar", s.name());
        String expected = "could not be made: java.lang.NoClassDefFoundError: jdk/incubator/vector/IntVector";
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            expected += " (module jdk.incubator.vector is not resolved: start the JVM with --add-modules jdk.incubator.vector)";
        }
        assertEquals(expected, reasons(s, "unlinkable"));
    }

    @Test
    void mistakesThatFailOnEveryMachineAreRefusedWhenRegistered() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        DispatchPoint.Builder<Runnable> raw = (DispatchPoint.Builder) DispatchPoint.builder("test.wrongtype", Runnable.class);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<? extends Runnable> notARunnable = (Class) Kernels.Scalar.class;
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> raw.candidate(notARunnable));
        assertEquals("dispatch point test.wrongtype: candidate " + Kernels.Scalar.class.getName()
                + " is not a java.lang.Runnable", wrong.getMessage());
        IllegalArgumentException abs = assertThrows(IllegalArgumentException.class,
                () -> DispatchPoint.builder("test.abstract", Kernel.class).candidate(Kernels.Abstract.class));
        assertEquals(Kernels.Abstract.class.getName() + " is abstract; a candidate is a class that can be made", abs.getMessage());
    }

    @Test
    void aLookupGivenToTheBuilderMakesTheCandidatesWithItsAccess() throws Exception {
        Selection<Kernel> withAccess = DispatchPoint.builder("test.hidden", Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.hidden())
                .lookup(MethodHandles.privateLookupIn(Kernels.hidden(), MethodHandles.lookup()))
                .build().selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals("hidden", withAccess.name(), withAccess.explain().format());
        Selection<Kernel> without = DispatchPoint.builder("test.hidden2", Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.hidden())
                .lookup(MethodHandles.publicLookup())
                .build().selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals("scalar", without.name());
        assertTrue(reasons(without, "hidden").startsWith("could not be made: java.lang.IllegalStateException: the lookup"
                + " given to the builder"), reasons(without, "hidden"));
    }

    @Test
    void serviceLoaderCandidatesAreDeclaredByTheirAnnotationsAndMadeOnceEligible() {
        int before = Kernels.MADE.getOrDefault("Wide256", new java.util.concurrent.atomic.AtomicInteger()).get();
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.serviceloader", Kernel.class).serviceLoader().build();
        assertEquals(List.of("scalar", "vector256"), point.candidateNames());
        assertEquals(before, Kernels.MADE.getOrDefault("Wide256", new java.util.concurrent.atomic.AtomicInteger()).get());
        assertEquals("vector256", point.selectForTest(Machines.zen4(), DispatchOverrides.none()).name());
        assertEquals(before + 1, Kernels.MADE.get("Wide256").get());
    }

    @Test
    void whyNotMadeNamesTheUnresolvedModuleOnlyForAMissingClassOfOne() {
        String missing = Candidate.whyNotMade(new NoClassDefFoundError("jdk/incubator/vector/Vector"));
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            assertTrue(missing.endsWith("(module jdk.incubator.vector is not resolved: start the JVM with --add-modules"
                    + " jdk.incubator.vector)"), missing);
        }
        assertEquals("java.lang.NoClassDefFoundError: com/example/Gone",
                Candidate.whyNotMade(new NoClassDefFoundError("com/example/Gone")));
        assertEquals("java.lang.NoClassDefFoundError: Could not initialize class jdk.incubator.vector.Vector",
                Candidate.whyNotMade(new NoClassDefFoundError("Could not initialize class jdk.incubator.vector.Vector")));
    }
}
