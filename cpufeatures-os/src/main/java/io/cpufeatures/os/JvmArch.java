package io.cpufeatures.os;

import java.io.IOException;

/**
 * The processor architecture this JVM runs on: {@code os.arch}, read once, and the one mapping of its values to the
 * architectures' names ({@code amd64} and {@code x86_64} are {@code x86_64}; {@code aarch64} and {@code arm64}
 * are {@code aarch64}). Every module asks here, so the JVMs' spellings are known in one place.
 *
 * <p>{@code os.arch} is a system property, and a command line may set it ({@code -Dos.arch=aarch64} on an x86-64
 * machine). So the process's own architecture is read too, where Linux shows it: the ELF header of
 * {@code /proc/self/exe} ({@link ElfMachine}). {@link #current()} is that architecture, what native code must be
 * built for; {@link #osArch()} stays the property, which chooses the architecture module (tests simulate other machines
 * with it), and {@link #mismatch()} says when the two differ, for the one WARN line and for every probe that would
 * run native code: none runs another architecture's. Elsewhere (macOS, Windows: no such file) {@code os.arch} is
 * taken as given. Read once, in this class's initialiser, with the JDK's boot classes only: the first answer reads it.
 */
public final class JvmArch {

    /** Each {@code os.arch} value a JVM of the project's architectures gives, then that architecture's name. */
    private static final String[] NAMES = {
        "amd64", "x86_64",
        "x86_64", "x86_64",
        "aarch64", "aarch64",
        "arm64", "aarch64",
        "ppc64le", "ppc64le",
    };

    /** What names this process's executable, on Linux. */
    private static final String EXE = "/proc/self/exe";

    private static final String OS_ARCH = System.getProperty("os.arch", "unknown");

    /** This process's architecture from its ELF header, or null where that cannot be read. */
    private static final String PROCESS;
    /** Its {@code e_machine}, for the message; -1 with no architecture. */
    private static final int MACHINE;

    static {
        int[] machine = {-1};
        String process = null;
        try {
            process = ElfMachine.architecture(ElfMachine.header(EXE), machine);
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: os.arch is taken as given
            process = null;
        }
        PROCESS = process;
        MACHINE = machine[0];
    }

    private JvmArch() {
    }

    /** {@return this JVM's {@code os.arch}, as it gives it ({@code unknown} if unset): what chooses the module} */
    public static String osArch() {
        return OS_ARCH;
    }

    /**
     * {@return the architecture this process runs on: its ELF header's, where Linux shows it, else that of its
     * {@code os.arch} ({@link #of}); what native code must be built for}
     */
    public static String current() {
        return PROCESS != null ? PROCESS : of(OS_ARCH);
    }

    /**
     * Why {@code os.arch} does not describe this process, in one line, or null when it does (or cannot be checked).
     *
     * @return {@code os.arch=aarch64 does not describe this process, which /proc/self/exe says is x86_64 (ELF
     *         e_machine 62)}; null when they agree
     */
    public static String mismatch() {
        return mismatch(OS_ARCH, PROCESS, MACHINE);
    }

    /**
     * {@link #mismatch()} for an {@code os.arch} value and a process's architecture.
     *
     * @param osArch  the {@code os.arch} value; not null
     * @param process the process's architecture from its ELF header; null when unknown
     * @param machine its {@code e_machine}
     * @return the line; null when they agree or the process's is unknown
     */
    static String mismatch(String osArch, String process, int machine) {
        if (process == null || process.equals(comparable(osArch))) {
            return null;
        }
        return "os.arch=" + osArch + " does not describe this process, which " + EXE + " says is " + process
                + " (ELF e_machine " + machine + ")";
    }

    /**
     * The architecture an {@code os.arch} value names.
     *
     * @param osArch a value of {@code os.arch}; not null
     * @return {@code x86_64}, {@code aarch64} or {@code ppc64le}; any other value as given
     */
    public static String of(String osArch) {
        for (int i = 0; i < NAMES.length; i += 2) {
            if (NAMES[i].equals(osArch)) {
                return NAMES[i + 1];
            }
        }
        return osArch;
    }

    /** {@code os.arch}'s architecture as {@link ElfMachine#architecture} names it: a 32-bit x86 JVM's i386 is x86. */
    private static String comparable(String osArch) {
        String a = of(osArch);
        if (a.length() == 4 && a.charAt(0) == 'i' && a.endsWith("86") && a.charAt(1) >= '3' && a.charAt(1) <= '6') {
            return "x86";
        }
        return a;
    }
}
