package io.cpufeatures.aarch64.probe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this process really is an AArch64 one, checked before anything native runs: the
 * {@code os.arch} property can be set on the command line, and an arm64 hwcap read as such on
 * another architecture would send arm64 machine code to a CPU that cannot run it. On Linux the
 * process's own ELF header says: {@code e_machine} (bytes 18-19, little-endian) is 183,
 * {@code EM_AARCH64} ({@code include/uapi/linux/elf-em.h}); x86-64 is 62.
 */
final class ProcessArchitecture {

    static final int EM_AARCH64 = 183;

    private ProcessArchitecture() {
    }

    /**
     * Checks that {@code exe} (the process's executable) is an AArch64 ELF.
     *
     * @throws NativeProbeException naming what it is instead, or why it could not be read
     */
    static void requireAArch64(Path exe) throws NativeProbeException {
        byte[] header;
        try (InputStream in = Files.newInputStream(exe)) {
            header = in.readNBytes(20);
        } catch (IOException e) {
            throw new NativeProbeException("cannot read " + exe + " to check the process's architecture: " + e, e);
        }
        if (header.length < 20 || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' || header[3] != 'F') {
            throw new NativeProbeException(exe + " is not an ELF file: the process's architecture is unknown");
        }
        int machine = header[18] & 0xff | (header[19] & 0xff) << 8;
        if (machine != EM_AARCH64) {
            throw new NativeProbeException("this process is not an AArch64 one (" + exe + " has ELF e_machine " + machine
                    + ", not " + EM_AARCH64 + "): os.arch=" + System.getProperty("os.arch") + " does not describe it");
        }
    }
}
