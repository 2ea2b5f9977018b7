package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.fixtures.Kernel;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A candidate passed over for want of the Vector API module is a WARN with the flag, not a quiet "using scalar". */
class VectorModuleWarningTest {

    private static final Map<String, String> FLAGS = Map.of("UseAVX", "2", "MaxVectorSize", "32",
            "UseBMI2Instructions", "true", "UseCompiler", "true");

    private static DispatchPoint<Kernel> point() {
        return DispatchPoint.builder("test.vectormodule", Kernel.class).candidate(Kernels.Scalar.class)
                .candidate(Kernels.Wide256.class).candidate(Kernels.VectorApi256.class).build();
    }

    @Test
    void withoutTheModuleThePointNamesWhatItPassesOverAndTheFlag() {
        CpuFeatures noModule = Machines.zen4().withJvm(JvmView.of("HotSpot", FLAGS, false, OptionalInt.empty()));
        Selection<Kernel> s = point().selectForTest(noModule, DispatchOverrides.none());
        assertEquals("vector256", s.name(), "the best candidate that runs");
        String line = VectorModuleWarning.of(s.explain()).orElseThrow();
        assertEquals("test.vectormodule: passes over vectorapi256 because module jdk.incubator.vector is not readable:"
                + " start the JVM with --add-modules jdk.incubator.vector (warned once per process)", line);
    }

    @Test
    void withTheModuleOrForOtherReasonsThereIsNothingToWarnAbout() {
        CpuFeatures withModule = Machines.zen4().withJvm(JvmView.of("HotSpot", FLAGS, true, OptionalInt.of(256)));
        Selection<Kernel> s = point().selectForTest(withModule, DispatchOverrides.none());
        assertEquals("vectorapi256", s.name());
        assertEquals(Optional.empty(), VectorModuleWarning.of(s.explain()));
        Selection<Kernel> onCore2 = point().selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals(Optional.empty(), VectorModuleWarning.of(onCore2.explain()), "no AVX2: the CPU's reason, not the module's");
        CpuFeatures core2NoModule = Machines.core2().withJvm(JvmView.of("HotSpot", FLAGS, false, OptionalInt.empty()));
        assertEquals(Optional.empty(), VectorModuleWarning.of(point().selectForTest(core2NoModule, DispatchOverrides.none())
                .explain()), "rejected for the CPU as well: adding the module would not make it run");
    }

    @Test
    void oncePerProcess() {
        CpuFeatures noModule = Machines.zen4().withJvm(JvmView.of("HotSpot", FLAGS, false, OptionalInt.empty()));
        Explanation e = point().selectForTest(noModule, DispatchOverrides.none()).explain();
        // The first selection of this JVM that has one may have been another test's; after it, never again.
        VectorModuleWarning.once(e);
        assertEquals(Optional.empty(), VectorModuleWarning.once(e));
        assertTrue(VectorModuleWarning.of(e).isPresent());
    }
}
