package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.Selection;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.testing.BundledDumps;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The {@code zstd.huffman} choice on real CPUs (libcpuid dumps), emulated, and on this machine. */
class HuffmanKernelSelectionTest {

    /** A C2 JVM, with or without {@code UseBMI2Instructions}. */
    private static JvmView jvm(boolean bmi2) {
        return JvmView.of("test", Map.of("UseBMI1Instructions", "true", "UseBMI2Instructions", Boolean.toString(bmi2),
                "UseCompiler", "true"), false, OptionalInt.empty());
    }

    private static Selection<HuffmanKernel> select(String dump, boolean jvmBmi2) {
        CpuidSnapshot cpu = BundledDumps.load(dump).groups().get(0).snapshot();
        return HuffmanKernels.POINT.selectFor(CpuFeatures.of(cpu).withJvm(jvm(jvmBmi2)));
    }

    private static String reasons(Selection<HuffmanKernel> s) {
        return String.join("; ", s.explain().candidate("bmi2").map(CandidateReport::reasons).orElseThrow());
    }

    @Test
    void haswellAndZen4GetTheBmi2Kernel() {
        for (String cpu : List.of("intel-core-i7-4750hq-cpu.test", "amd-ryzen-7-7700x-8-core-processor.test")) {
            assertEquals("bmi2", select(cpu, true).name(), cpu);
        }
    }

    /** BMI2 in the CPU is not enough: C2 must be allowed to emit it. */
    @Test
    void aJitWithoutBmi2GetsTheGenericKernel() {
        Selection<HuffmanKernel> s = select("intel-core-i7-4750hq-cpu.test", false);
        assertEquals("generic", s.name());
        assertTrue(reasons(s).contains("jvm.bmi2"), reasons(s));
    }

    /** Core 2 and the Skylake Pentium have neither BMI1 nor BMI2, what ZSTD_cpuSupportsBmi2() asks for. */
    @Test
    void cpusWithoutBmiGetTheGenericKernel() {
        for (String cpu : List.of("intel-core2-duo-cpu-t7500.test", "intel-pentium-cpu-g4400.test")) {
            Selection<HuffmanKernel> s = select(cpu, true);
            assertEquals("generic", s.name(), cpu);
            assertTrue(reasons(s).contains("bmi"), cpu + ": " + reasons(s));
        }
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
