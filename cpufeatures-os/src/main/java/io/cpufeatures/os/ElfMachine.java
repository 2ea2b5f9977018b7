package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Whether this process really is of the architecture a probe is for, checked before anything native runs:
 * the {@code os.arch} property can be set on the command line, and another architecture's machine code
 * sent to the CPU would fault. On Linux the process's own ELF header says: {@code e_machine} (bytes 18-19,
 * in the file's byte order, which byte 5 gives) is, per {@code include/uapi/linux/elf-em.h}, 62 for x86-64,
 * 183 for AArch64, 21 for 64-bit PowerPC; its class (byte 4) says 64-bit or not. The one reader of an ELF header's
 * machine: {@link JvmArch} reads the process's own with it.
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
        try {
            header = header(exe.toString());
        } catch (IOException e) {
            throw new NativeProbeException("cannot read " + exe + " to check the process's architecture: " + e, e);
        }
        int[] found = {-1};
        architecture(header, found);
        if (found[0] < 0) {
            throw new NativeProbeException(exe + " is not an ELF file: the process's architecture is unknown");
        }
        if (found[0] != machine) {
            throw new NativeProbeException("this process is not an " + name + " one (" + exe + " has ELF e_machine "
                    + found[0] + ", not " + machine + "): os.arch=" + System.getProperty("os.arch")
                    + " does not describe it");
        }
    }

    /**
     * The first 20 bytes of {@code file}, the ELF header's identification and {@code e_machine}, read with the JDK's
     * boot classes only (the first answer reads the process's own through {@link JvmArch}).
     *
     * @param file the file; not null
     * @return its first 20 bytes
     * @throws IOException if it cannot be read or is shorter
     */
    static byte[] header(String file) throws IOException {
        byte[] header = new byte[20];
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            while (n < header.length) {
                int r = in.read(header, n, header.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        }
        if (n < header.length) {
            throw new IOException(file + ": shorter than an ELF header");
        }
        return header;
    }

    /**
     * The architecture of an ELF header, by the names {@link JvmArch#of} gives ({@code os.arch}'s for the others: a
     * 32-bit x86 JVM says {@code x86}, a 32-bit Arm one {@code arm}).
     *
     * @param header  its first 20 bytes at least
     * @param machine where its {@code e_machine} is put (left as it is when it is no ELF header)
     * @return the architecture; null when it is no ELF header, or of a machine no JVM this project knows runs on
     */
    static String architecture(byte[] header, int[] machine) {
        if (header.length < 20 || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' || header[3] != 'F') {
            return null;
        }
        boolean bits64 = header[4] == 2;
        boolean bigEndian = header[5] == 2;
        int m = bigEndian ? (header[18] & 0xff) << 8 | header[19] & 0xff : header[18] & 0xff | (header[19] & 0xff) << 8;
        machine[0] = m;
        switch (m) {
            case 3:
                return "x86";
            case 8:
                return (bits64 ? "mips64" : "mips") + (bigEndian ? "" : "el");
            case 20:
                return "ppc";
            case PPC64:
                // big-endian 64-bit PowerPC: no JVM of the project's runs there, and its words mean what ppc64le's do
                return bigEndian ? null : "ppc64le";
            case 22:
                return bits64 ? "s390x" : "s390";
            case 40:
                return "arm";
            case X86_64:
                return bits64 ? "x86_64" : null;
            case AARCH64:
                return "aarch64";
            case 243:
                return bits64 ? "riscv64" : "riscv32";
            case 258:
                return "loongarch64";
            default:
                return null;
        }
    }
}
