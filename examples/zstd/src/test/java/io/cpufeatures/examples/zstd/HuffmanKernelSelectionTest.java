package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.Choice;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The {@code zstd.huffman} choice on real parts (the emulation API's reference CPUs) and on this machine. */
class HuffmanKernelSelectionTest {

    /** A C2 JVM, with or without {@code UseBMI2Instructions}. */
    private static JvmView jvm(boolean bmi2) {
        return JvmView.of("test", Map.of("UseBMI1Instructions", "true", "UseBMI2Instructions", Boolean.toString(bmi2),
                "UseCompiler", "true"), false, OptionalInt.empty());
    }

    private static Choice select(EmulatedCpu.Builder cpu, boolean jvmBmi2) {
        return HuffmanKernels.POINT.choiceFor(cpu.decode().withJvm(jvm(jvmBmi2)));
    }

    private static String reasons(Choice s) {
        return String.join("; ", s.explain().candidate("bmi2").map(CandidateReport::reasons).orElseThrow());
    }

    @Test
    void haswellAndZen4GetTheBmi2Kernel() {
        assertEquals("bmi2", select(ReferenceCpus.haswell(), true).name());
        assertEquals("bmi2", select(ReferenceCpus.zen4(), true).name());
    }

    /** BMI2 in the CPU is not enough: C2 must be allowed to emit it. */
    @Test
    void aJitWithoutBmi2GetsTheGenericKernel() {
        Choice s = select(ReferenceCpus.haswell(), false);
        assertEquals("generic", s.name());
        assertTrue(reasons(s).contains("jvm.bmi2"), reasons(s));
    }

    /** Core 2 and the Skylake Pentium have neither BMI1 nor BMI2, what ZSTD_cpuSupportsBmi2() asks for. */
    @Test
    void cpusWithoutBmiGetTheGenericKernel() {
        for (EmulatedCpu.Builder cpu : List.of(ReferenceCpus.core2(), ReferenceCpus.skylakePentium())) {
            Choice s = select(cpu, true);
            assertEquals("generic", s.name(), s.explain().source());
            assertTrue(reasons(s).contains("bmi"), s.explain().source() + ": " + reasons(s));
        }
    }

    /**
     * On arm64 the bmi2 candidate's x86 names read as features that are not there, each with that
     * reason, and the generic kernel is chosen: the point explains itself on either architecture.
     */
    @Test
    void onArm64TheBmi2KernelIsRefusedBecauseItsX86FeaturesAreNotThere() {
        Choice s = HuffmanKernels.POINT.choiceFor(ReferenceArmCpus.neoverseN1().decode().withJvm(jvm(true)));
        assertEquals("generic", s.name());
        assertEquals("bmi1: absent: 'bmi1' is not an aarch64 feature; bmi2: absent: 'bmi2' is not an aarch64 feature;"
                + " abm: absent: 'abm' is not an aarch64 feature", reasons(s));
    }

    @Test
    void thisMachineSelectsWhatItsFeaturesSayAndContextsReuseTheChoice() {
        CpuFeatures here = CpuFeatures.current();
        boolean bmi2 = here.has("bmi1") && here.has("bmi2") && here.has("lzcnt") && here.has("jvm.bmi2");
        assertEquals(bmi2 ? "bmi2" : "generic", HuffmanKernels.POINT.selection().name());
        assertSame(HuffmanKernels.selected(), HuffmanKernels.selected());
        assertTrue(HuffmanKernels.POINT.selection().candidate().type().orElseThrow().isInstance(HuffmanKernels.selected()));
    }
}
