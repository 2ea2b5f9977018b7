package io.cpufeatures.cli;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * Whether a standard stream is a terminal. {@link System#console()} cannot tell: on JDK 17 it asks
 * about standard input and output only (so stderr redirected to a file still "has" a console), and
 * on JDK 22 and later it is there even without any terminal. The C library's {@code isatty} (through
 * JNA, which the command has for the CPU probe) answers for the stream itself.
 */
final class Terminals {

    /** File descriptor 2. */
    static final int STDERR = 2;

    private Terminals() {
    }

    /** The C library's {@code isatty} ({@code _isatty} in Windows' C runtime). */
    interface CLibrary extends Library {
        /** 1 if {@code fd} refers to a terminal. */
        int isatty(int fd);
    }

    /** Windows' C runtime. */
    interface WindowsRuntime extends Library {
        /** Non-zero if {@code fd} refers to a character device. */
        int _isatty(int fd);
    }

    /**
     * Whether file descriptor {@code fd} of this process is a terminal; false when that cannot be
     * told (no JNA, no C library), so that nothing meant for a terminal lands in a file.
     */
    static boolean isTerminal(int fd) {
        try {
            if (Platform.isWindows()) {
                return Native.load("msvcrt", WindowsRuntime.class)._isatty(fd) != 0;
            }
            return Native.load(Platform.C_LIBRARY_NAME, CLibrary.class).isatty(fd) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
