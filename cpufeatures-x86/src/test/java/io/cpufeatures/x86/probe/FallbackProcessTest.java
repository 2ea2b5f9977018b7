package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.x86.testing.JavaProcess;
import io.cpufeatures.x86.testing.PrintReport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Fallbacks in a whole fresh JVM, as an application would meet them. */
class FallbackProcessTest {

    private static void assumeX86Linux() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(Path.of("/proc/cpuinfo")),
                "needs x86-64 Linux");
    }

    @Test
    void whenJnaCannotLoadTheProbeLibraryStillAnswers() throws Exception {
        assumeX86Linux();
        // No system libjnidispatch and no unpacking from the jar: JNA's native part cannot load, and is not needed.
        String out = JavaProcess.run(PrintReport.class, "-Djna.nosys=true", "-Djna.nounpack=true",
                "-Djna.boot.library.path=/nonexistent");
        assertTrue(out.contains("source=native"), out);
        assertTrue(out.contains("detail=CPUID/XGETBV through the probe library linux-x86_64/jni/"), out);
        assertTrue(out.contains("avx2="), out);
    }

    @Test
    void whenTheProbeLibraryIsRefusedAndJnaCannotLoadTheKernelsFlagsAreUsedAndBothReasonsKept() throws Exception {
        assumeX86Linux();
        String out = JavaProcess.run(PrintReport.class, "-Djna.nosys=true", "-Djna.nounpack=true",
                "-Djna.boot.library.path=/nonexistent", "-Dcpufeatures.native.cache=relative/dir");
        assertTrue(out.contains("source=proc-cpuinfo"), out);
        assertTrue(out.contains("failure=native: JNA could not load"), out);
        assertTrue(out.contains("the probe library was not used: cpufeatures.native.cache='relative/dir' is not an"
                + " absolute path"), out);
        assertTrue(out.contains("avx2="), out);
    }

    @Test
    void propertiesForceEachSource() throws Exception {
        assumeX86Linux();
        assertTrue(JavaProcess.run(PrintReport.class, "-Dcpufeatures.probe=native").contains("source=native"));
        assertTrue(JavaProcess.run(PrintReport.class, "-Dcpufeatures.probe=proc-cpuinfo").contains("source=proc-cpuinfo"));
        String none = JavaProcess.run(PrintReport.class, "-Dcpufeatures.probe=none");
        assertTrue(none.contains("source=none") && none.contains("usable=0"), none);
    }

    @Test
    void offX86OnlyTheArchitectureIsReported() throws Exception {
        String out = JavaProcess.run(PrintReport.class, "-Dos.arch=aarch64");
        assertTrue(out.contains("architecture=aarch64"), out);
        assertTrue(out.contains("source=none"), out);
        assertTrue(out.contains("detail=no cpufeatures module for os.arch=aarch64"), out);
    }

    @Test
    void aBadOverrideFailsEveryCallWithTheReason() throws Exception {
        String out = JavaProcess.run(PrintReport.class, "-Dcpufeatures.disable=avx513");
        assertTrue(out.contains("error=cpufeatures.disable: unknown feature 'avx513'"), out);
        assertTrue(out.contains("avx512"), out);
    }
}
