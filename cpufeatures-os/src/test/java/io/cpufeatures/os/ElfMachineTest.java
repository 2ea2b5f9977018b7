package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process's ELF machine, checked before a probe runs machine code of its architecture. */
class ElfMachineTest {

    private static byte[] header(int machine, boolean bigEndian) {
        byte[] h = new byte[64];
        h[0] = 0x7f;
        h[1] = 'E';
        h[2] = 'L';
        h[3] = 'F';
        h[5] = (byte) (bigEndian ? 2 : 1);
        h[bigEndian ? 19 : 18] = (byte) machine;
        return h;
    }

    @Test
    void thisProcessIsNotTakenForAnotherArchitectureWhateverOsArchSays() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(Path.of("/proc/self/exe")),
                "needs x86-64 Linux");
        NativeProbeException e = assertThrows(NativeProbeException.class,
                () -> ElfMachine.require(Path.of("/proc/self/exe"), ElfMachine.AARCH64, "AArch64"));
        assertTrue(e.getMessage().startsWith("this process is not an AArch64 one (/proc/self/exe has ELF e_machine 62, not 183)"),
                e.getMessage());
    }

    @Test
    void aFileThatIsNotElfIsRefused(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("exe"), "#!/bin/sh\n".repeat(4));
        assertTrue(assertThrows(NativeProbeException.class, () -> ElfMachine.require(f, ElfMachine.AARCH64, "AArch64"))
                .getMessage().endsWith("is not an ELF file: the process's architecture is unknown"));
        Path shortFile = Files.write(dir.resolve("short"), new byte[] {0x7f, 'E', 'L', 'F'});
        assertThrows(NativeProbeException.class, () -> ElfMachine.require(shortFile, ElfMachine.PPC64, "ppc64le"));
        assertThrows(NativeProbeException.class, () -> ElfMachine.require(dir.resolve("missing"), ElfMachine.PPC64, "ppc64le"));
    }

    @Test
    void theMachineIsReadInTheFilesByteOrder(@TempDir Path dir) throws Exception {
        ElfMachine.require(Files.write(dir.resolve("arm"), header(ElfMachine.AARCH64, false)), ElfMachine.AARCH64, "AArch64");
        ElfMachine.require(Files.write(dir.resolve("ppcle"), header(ElfMachine.PPC64, false)), ElfMachine.PPC64, "ppc64le");
        ElfMachine.require(Files.write(dir.resolve("ppcbe"), header(ElfMachine.PPC64, true)), ElfMachine.PPC64, "ppc64");
        NativeProbeException e = assertThrows(NativeProbeException.class, () -> ElfMachine.require(
                Files.write(dir.resolve("x86"), header(ElfMachine.X86_64, false)), ElfMachine.PPC64, "ppc64le"));
        assertTrue(e.getMessage().contains("has ELF e_machine 62, not 21"), e.getMessage());
    }
}
