package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The probe on a machine that is not arm64 (the build machine): it must refuse to run anything, with
 * its reasons, even when told the JVM is an aarch64 one (the ELF check itself: the os module's
 * ElfMachineTest). (On arm64 the live qemu tests of
 * examples/demo run it.)
 */
class ProbeOffArm64Test {

    private static void assumeX86Linux() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(Path.of("/proc/self/exe")),
                "needs x86-64 Linux");
    }

    @Test
    void onX86EverySourceFailsWithItsReasonAndNothingRuns() {
        assumeX86Linux();
        ProbeSequence.Result<AArch64Snapshot> o = new AArch64Probe(Path.of("/proc/cpuinfo"), Path.of("/nonexistent"),
                Path.of("/proc/self/exe"), true).probe(ProbeMode.AUTO);
        assertTrue(o.snapshot().isEmpty());
        assertEquals(SourceKind.NONE, o.source().kind());
        assertEquals(2, o.source().failures().size(), o.source().toString());
        assertTrue(o.source().failures().get(0).reason().contains("e_machine 62"), o.source().toString());
        assertTrue(o.source().failures().get(1).reason().startsWith("/proc/cpuinfo has no 'Features' line"), o.source().toString());
    }

    @Test
    void offLinuxTheNativeProbeSaysWhyAndNothingRuns() {
        ProbeSequence.Result<AArch64Snapshot> o = new AArch64Probe(Path.of("/proc/cpuinfo"), Path.of("/nonexistent"), Path.of("/proc/self/exe"),
                false).probe(ProbeMode.NATIVE);
        assertEquals(SourceKind.NONE, o.source().kind());
        assertTrue(o.source().failures().get(0).reason().startsWith("the native probe reads Linux's auxiliary vector"),
                o.source().toString());
    }
}
