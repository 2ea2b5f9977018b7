package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The process's own architecture from its ELF header, and os.arch held against it. */
class JvmArchTest {

    private static byte[] header(int machine, boolean bits64, boolean bigEndian) {
        byte[] h = new byte[20];
        h[0] = 0x7f;
        h[1] = 'E';
        h[2] = 'L';
        h[3] = 'F';
        h[4] = (byte) (bits64 ? 2 : 1);
        h[5] = (byte) (bigEndian ? 2 : 1);
        h[bigEndian ? 19 : 18] = (byte) machine;
        h[bigEndian ? 18 : 19] = (byte) (machine >>> 8);
        return h;
    }

    private static String arch(int machine, boolean bits64, boolean bigEndian) {
        return ElfMachine.architecture(header(machine, bits64, bigEndian), new int[1]);
    }

    @Test
    void eachMachineIsNamedAsItsJvmsOsArchNamesIt() {
        assertEquals("x86_64", arch(62, true, false));
        assertEquals("aarch64", arch(183, true, false));
        assertEquals("ppc64le", arch(21, true, false));
        assertNull(arch(21, true, true), "big-endian PowerPC: not checked");
        assertEquals("riscv64", arch(243, true, false));
        assertEquals("s390x", arch(22, true, true));
        assertEquals("loongarch64", arch(258, true, false));
        assertEquals("x86", arch(3, false, false));
        assertEquals("arm", arch(40, false, false));
        assertNull(arch(43, true, true), "a machine no JVM here runs on is not checked");
        assertNull(ElfMachine.architecture("#!/bin/sh\n#########".getBytes(), new int[1]), "no ELF file");
    }

    @Test
    void osArchIsHeldAgainstTheProcesssArchitecture() {
        assertNull(JvmArch.mismatch("amd64", "x86_64", 62));
        assertNull(JvmArch.mismatch("x86_64", "x86_64", 62));
        assertNull(JvmArch.mismatch("arm64", "aarch64", 183));
        assertNull(JvmArch.mismatch("i386", "x86", 3), "a 32-bit x86 JVM");
        assertNull(JvmArch.mismatch("aarch64", null, -1), "not checked where the process's cannot be read");
        assertEquals("os.arch=aarch64 does not describe this process, which /proc/self/exe says is x86_64 (ELF"
                + " e_machine 62)", JvmArch.mismatch("aarch64", "x86_64", 62));
        assertEquals("os.arch=amd64 does not describe this process, which /proc/self/exe says is aarch64 (ELF"
                + " e_machine 183)", JvmArch.mismatch("amd64", "aarch64", 183));
    }

    @Test
    void thisProcessIsWhatItsOsArchSays() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/exe")), "Linux's /proc/self/exe");
        assertNull(JvmArch.mismatch(), "os.arch is this JVM's own here");
        assertEquals(JvmArch.of(System.getProperty("os.arch")), JvmArch.current());
    }
}
