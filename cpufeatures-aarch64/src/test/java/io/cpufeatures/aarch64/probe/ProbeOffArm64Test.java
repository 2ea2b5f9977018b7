package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.spi.ProbeMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe on a machine that is not arm64 (the build machine): it must refuse to run anything, with
 * its reasons, even when told the JVM is an aarch64 one. (On arm64 the live qemu tests of
 * examples/demo run it.)
 */
class ProbeOffArm64Test {

    private static void assumeX86Linux() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(Path.of("/proc/self/exe")),
                "needs x86-64 Linux");
    }

    @Test
    void anX86ProcessIsNotTakenForAnArm64OneWhateverOsArchSays() {
        assumeX86Linux();
        NativeProbeException e = assertThrows(NativeProbeException.class,
                () -> ProcessArchitecture.requireAArch64(Path.of("/proc/self/exe")));
        assertTrue(e.getMessage().startsWith("this process is not an AArch64 one (/proc/self/exe has ELF e_machine 62, not 183)"),
                e.getMessage());
    }

    @Test
    void onX86EverySourceFailsWithItsReasonAndNothingRuns() {
        assumeX86Linux();
        AArch64Probe.Outcome o = new AArch64Probe(Path.of("/proc/cpuinfo"), Path.of("/nonexistent"),
                Path.of("/proc/self/exe"), true).probe(ProbeMode.AUTO);
        assertTrue(o.snapshot().isEmpty());
        assertEquals(SourceKind.NONE, o.source().kind());
        assertEquals(2, o.source().failures().size(), o.source().toString());
        assertTrue(o.source().failures().get(0).reason().contains("e_machine 62"), o.source().toString());
        assertTrue(o.source().failures().get(1).reason().startsWith("/proc/cpuinfo has no 'Features' line"), o.source().toString());
    }

    @Test
    void aFileThatIsNotElfIsRefused(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("exe"), "#!/bin/sh\n".repeat(4));
        assertTrue(assertThrows(NativeProbeException.class, () -> ProcessArchitecture.requireAArch64(f)).getMessage()
                .endsWith("is not an ELF file: the process's architecture is unknown"));
    }

    @Test
    void anArm64ElfHeaderPasses(@TempDir Path dir) throws Exception {
        byte[] header = new byte[64];
        header[0] = 0x7f;
        header[1] = 'E';
        header[2] = 'L';
        header[3] = 'F';
        header[18] = (byte) 183;
        ProcessArchitecture.requireAArch64(Files.write(dir.resolve("java"), header));
    }

    @Test
    void offLinuxTheNativeProbeSaysWhyAndNothingRuns() {
        AArch64Probe.Outcome o = new AArch64Probe(Path.of("/proc/cpuinfo"), Path.of("/nonexistent"), Path.of("/proc/self/exe"),
                false).probe(ProbeMode.NATIVE);
        assertEquals(SourceKind.NONE, o.source().kind());
        assertTrue(o.source().failures().get(0).reason().startsWith("the native probe reads Linux's auxiliary vector"),
                o.source().toString());
    }
}
