package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.fixtures.Kernel;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * {@code @RequiresFeature(anyOf = ...)}: "A or B", as a Vector API library needs it for 512-bit byte vectors
 * (AVX-512BW on x86, SVE on AArch64), and what the explanation says of it.
 */
class AnyOfRequirementTest {

    /** 512-bit byte vectors: SVE or AVX-512BW, and the JIT compiling 512 bits. */
    @Implementation(name = "bytes512", priority = 30)
    @RequiresFeature(value = "jvm.vector512", anyOf = {"sve", "avx512bw"})
    public static final class Bytes512 implements Kernel {
        @Override
        public int apply(int x) {
            return x + 1;
        }
    }

    /** An any-of next to a plain requirement, from two annotations, one of them with a group as an alternative. */
    @RequiresFeature("bmi2")
    @RequiresFeature(anyOf = {"avx512-core", "AVX2"}, absent = "prefer_ymm")
    static final class Declared {
    }

    @RequiresFeature(anyOf = {"avx512bw", "svee"})
    static final class Typo {
    }

    private static final DispatchPoint<Kernel> POINT = DispatchPoint.builder("test.anyof", Kernel.class)
            .candidate(Kernels.Scalar.class)
            .candidate(Bytes512.class)
            .build();

    /** A Haswell-like x86 CPU: AVX2, no AVX-512. */
    private static CpuFeatures avx2Only() {
        return EmulatedCpu.intel(6, 0x3c, 3).features("x86-64-v3", "osxsave").decode().withJvm(Machines.wideJvm());
    }

    @Test
    void anAnyOfIsReadCanonicalisedAndSummarised() {
        Requirements r = Requirements.of(Declared.class);
        assertEquals(List.of("bmi2"), r.required());
        assertEquals(List.of(new Requirements.AnyOf(List.of("avx512-core", "avx2"))), r.anyOf());
        assertEquals(List.of("prefer_ymm"), r.absent());
        assertEquals("bmi2, (avx512-core or avx2); not prefer_ymm", r.summary());
        assertEquals(List.of("bmi2", "(avx512-core or AVX2)", "not prefer_ymm"), r.declared());
        assertTrue(r.check(avx2Only()).isEmpty(), "avx2 holds: the any-of is met");
        assertEquals(List.of("avx512-core or avx2: avx512-core, avx2 hold"), r.heldAlternatives(Machines.zen4()));
    }

    @Test
    void theCandidateIsChosenWhenOnlyTheSecondAlternativeHoldsAndTheExplanationSaysWhichHeld() {
        Choice c = POINT.choiceFor(Machines.zen4());
        assertEquals("bytes512", c.name(), c.explain().format());
        CandidateReport r = c.explain().candidate("bytes512").orElseThrow();
        assertEquals("jvm.vector512, (sve or avx512bw)", r.requirements());
        assertEquals(List.of("sve or avx512bw: avx512bw holds"), r.reasons());
        assertTrue(c.explain().format().contains("- sve or avx512bw: avx512bw holds\n"), c.explain().format());
        // the eligible one below still says why it was not chosen, first
        assertEquals(List.of("lower priority than bytes512"), c.explain().candidate("scalar").orElseThrow().reasons());
    }

    @Test
    void noAlternativeHoldingRefusesTheCandidateWithEachAlternativesReason() {
        Choice c = POINT.choiceFor(avx2Only());
        assertEquals("scalar", c.name());
        CandidateReport r = c.explain().candidate("bytes512").orElseThrow();
        assertEquals(CandidateStatus.REJECTED, r.status());
        assertEquals(1, r.reasons().size(), r.reasons().toString());
        String why = r.reasons().get(0);
        assertTrue(why.startsWith("sve or avx512bw: none holds (sve: absent: 'sve' is not an x86 feature; avx512bw:"
                + " absent: the CPU does not report it"), why);

        List<Requirements.Unmet> unmet = Requirements.of(Bytes512.class).check(avx2Only());
        assertEquals(1, unmet.size());
        Requirements.Unmet u = unmet.get(0);
        assertEquals("sve or avx512bw", u.name());
        assertEquals(List.of("sve", "avx512bw"), u.alternatives().stream().map(Requirements.Unmet::name).toList());
        assertEquals(List.of(ReasonKind.NOT_PRESENT, ReasonKind.NOT_PRESENT), u.reasons().stream().map(x -> x.kind()).toList());
    }

    @Test
    void anAlternativeHoldingDoesNotHideAnotherUnmetRequirement() {
        JvmView ymmJvm = JvmView.of("test", Map.of("UseAVX", "3", "MaxVectorSize", "32", "UseCompiler", "true"), true,
                OptionalInt.of(256));
        Choice c = POINT.choiceFor(Machines.zen4().withJvm(ymmJvm));
        assertEquals("scalar", c.name());
        CandidateReport r = c.explain().candidate("bytes512").orElseThrow();
        // rejected for the JVM alone; which alternative held is no reason of a rejection
        assertEquals(1, r.reasons().size(), r.reasons().toString());
        assertTrue(r.reasons().get(0).startsWith("jvm.vector512: jvm: MaxVectorSize=32"), r.reasons().toString());
    }

    @Test
    void anUnknownAlternativeNamesTheAttributeAndAnEmptyListIsRefused() {
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class, () -> Requirements.of(Typo.class));
        assertTrue(e.getMessage().contains("@RequiresFeature of " + Typo.class.getName() + ".anyOf"), e.getMessage());
        assertTrue(e.suggestions().contains("sve"), e.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> Requirements.of(List.of(), List.of(List.of()), List.of(), "test"));
        assertEquals("test.anyOf: an empty list of alternatives; name one or more features, groups, policy flags or"
                + " jvm.* names, of which at least one must hold", empty.getMessage());
    }
}
