package io.cpufeatures.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this process really is of the architecture a probe is for, checked before anything native runs:
 * the {@code os.arch} property can be set on the command line, and another architecture's machine code
 * sent to the CPU would fault. On Linux the process's own ELF header says: {@code e_machine} (bytes 18-19,
 * in the file's byte order, which byte 5 gives) is, per {@code include/uapi/linux/elf-em.h}, 62 for x86-64,
 * 183 for AArch64, 21 for 64-bit PowerPC.
 */
public final class ElfMachine {

    /** {@code EM_PPC64}. */
    public static final int PPC64 = 21;
    /** {@code EM_X86_64}. */
    public static final int X86_64 = 62;
    /** {@code EM_AARCH64}. */
    public static final int AARCH64 = 183;

    private ElfMachine() {
    }

    /**
     * Checks that {@code exe} (the process's executable, {@code /proc/self/exe}) is an ELF file for {@code machine}.
     *
     * @param exe     the executable; not null
     * @param machine the {@code e_machine} expected
     * @param name    the architecture's name, for the message ({@code AArch64}); not null
     * @throws NativeProbeException naming what it is instead, or why it could not be read
     */
    public static void require(Path exe, int machine, String name) throws NativeProbeException {
        byte[] header;
        try (InputStream in = Files.newInputStream(exe)) {
            header = in.readNBytes(20);
        } catch (IOException e) {
            throw new NativeProbeException("cannot read " + exe + " to check the process's architecture: " + e, e);
        }
        if (header.length < 20 || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' || header[3] != 'F') {
            throw new NativeProbeException(exe + " is not an ELF file: the process's architecture is unknown");
        }
        boolean bigEndian = header[5] == 2;
        int found = bigEndian ? (header[18] & 0xff) << 8 | header[19] & 0xff : header[18] & 0xff | (header[19] & 0xff) << 8;
        if (found != machine) {
            throw new NativeProbeException("this process is not an " + name + " one (" + exe + " has ELF e_machine " + found
                    + ", not " + machine + "): os.arch=" + System.getProperty("os.arch") + " does not describe it");
        }
    }
}
