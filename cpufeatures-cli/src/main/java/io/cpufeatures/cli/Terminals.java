package io.cpufeatures.cli;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.OperatingSystem;

/**
 * Whether a standard stream is a terminal. {@link System#console()} cannot tell: on JDK 17 it asks
 * about standard input and output only (so stderr redirected to a file still "has" a console), and
 * on JDK 22 and later it is there even without any terminal. The C library's {@code isatty} (through
 * JNA, once {@link Jna} has made its library the verified one) answers for the stream itself; where JNA is not used,
 * no stream is taken for a terminal.
 */
final class Terminals {

    /** File descriptor 1. */
    static final int STDOUT = 1;
    /** File descriptor 2. */
    static final int STDERR = 2;
    /** What text is laid out for when standard output is not a terminal, or its width cannot be told. */
    static final int DEFAULT_COLUMNS = 80;
    /** Narrower terminals get this width and wrap: a label and a word need room. */
    static final int MIN_COLUMNS = 40;

    private Terminals() {
    }

    /** The C library's {@code isatty} ({@code _isatty} in Windows' C runtime) and {@code ioctl}. */
    interface CLibrary extends Library {
        /** 1 if {@code fd} refers to a terminal. */
        int isatty(int fd);

        /** {@code ioctl(fd, request, argp)}. */
        int ioctl(int fd, long request, byte[] argp);
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
        if (Jna.refusal() != null) {
            return false;
        }
        try {
            if (OperatingSystem.current() == OperatingSystem.WINDOWS) {
                return Native.load("msvcrt", WindowsRuntime.class)._isatty(fd) != 0;
            }
            return Native.load(Platform.C_LIBRARY_NAME, CLibrary.class).isatty(fd) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /**
     * The width to lay text out for on standard output: {@code COLUMNS} when set to a number, else the terminal's own
     * ({@code TIOCGWINSZ}, Linux's and the BSDs' request numbers), never under {@link #MIN_COLUMNS}; into a pipe or a
     * file, {@link #DEFAULT_COLUMNS}, so that output does not depend on where it was captured.
     *
     * @param env the environment
     * @param stdoutIsTerminal whether standard output is a terminal
     * @return the width
     */
    static int columns(java.util.Map<String, String> env, boolean stdoutIsTerminal) {
        if (!stdoutIsTerminal) {
            return DEFAULT_COLUMNS;
        }
        String columns = env.get("COLUMNS");
        int width = 0;
        if (columns != null && columns.matches("[0-9]{1,4}")) {
            width = Integer.parseInt(columns);
        } else {
            width = terminalWidth();
        }
        return width <= 0 ? DEFAULT_COLUMNS : Math.max(MIN_COLUMNS, width);
    }

    /** {@code ioctl(1, TIOCGWINSZ)}'s column count, or 0 when it cannot be told. */
    private static int terminalWidth() {
        if (OperatingSystem.current() == OperatingSystem.WINDOWS || Jna.refusal() != null) {
            return 0;
        }
        long request = OperatingSystem.current() == OperatingSystem.LINUX ? 0x5413L : 0x40087468L;
        try {
            byte[] winsize = new byte[8];
            if (Native.load(Platform.C_LIBRARY_NAME, CLibrary.class).ioctl(STDOUT, request, winsize) != 0) {
                return 0;
            }
            // struct winsize { unsigned short ws_row, ws_col, ...; } in the machine's byte order (little-endian here).
            return java.nio.ByteBuffer.wrap(winsize).order(java.nio.ByteOrder.nativeOrder()).getShort(2) & 0xffff;
        } catch (LinkageError | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Whether to colour standard output, by the common rules: never when {@code NO_COLOR} is set to anything
     * non-empty (no-color.org), when {@code TERM} is {@code dumb} or unset, or when standard output is not a
     * terminal.
     *
     * @param env the environment
     * @param stdoutIsTerminal whether standard output is a terminal
     * @return whether to colour
     */
    static boolean colour(java.util.Map<String, String> env, boolean stdoutIsTerminal) {
        String noColor = env.get("NO_COLOR");
        String term = env.get("TERM");
        return stdoutIsTerminal && (noColor == null || noColor.isEmpty()) && term != null && !term.isEmpty()
                && !term.equals("dumb");
    }
}
