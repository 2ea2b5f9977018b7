package io.cpufeatures.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Standard input as {@code --cpuid-file -} and {@code fleet -} read it: the process's, unless it was started with
 * that closed ({@code <&-}). A JVM started so does not see it closed: the first file it opens takes the free
 * descriptor 0, and that is its own runtime image ({@code $JAVA_HOME/lib/modules}), which {@link System#in} would
 * then read as if it were the dump (a 100 MiB "dump"). So the first read asks Linux what descriptor 0 is
 * ({@code /proc/self/fd/0}) and refuses, as reading a closed descriptor does, with {@code EBADF}'s reason. Nothing is
 * asked until standard input is read: the commands that do not read it never look.
 */
final class StandardInput extends FilterInputStream {

    /** What descriptor 0 is, on Linux. */
    private static final Path FD0 = Path.of("/proc/self/fd/0");

    private final Path fd0;
    private final Path javaHome;
    private boolean checked;

    /**
     * Standard input, checked on its first read.
     *
     * @param in       the process's standard input
     * @param fd0      what names descriptor 0 ({@code /proc/self/fd/0}; where it does not exist, nothing is checked)
     * @param javaHome the JVM's home, whose files are never a standard input given to the command
     */
    StandardInput(InputStream in, Path fd0, Path javaHome) {
        super(in);
        this.fd0 = fd0;
        this.javaHome = javaHome;
    }

    /** {@return the process's standard input, checked on its first read} */
    static StandardInput ofProcess() {
        return new StandardInput(System.in, FD0, Path.of(System.getProperty("java.home")));
    }

    /**
     * Why descriptor 0 is not the standard input the process was given, or null when it is (or cannot be told: not on
     * Linux).
     */
    static String closed(Path fd0, Path javaHome) {
        if (!Files.isDirectory(fd0.getParent())) {
            return null;
        }
        Path target;
        try {
            target = Files.readSymbolicLink(fd0);
        } catch (NoSuchFileException e) {
            return "Bad file descriptor (standard input is closed)";
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        try {
            Path home = javaHome.toRealPath();
            if (target.isAbsolute() && target.startsWith(home)) {
                return "Bad file descriptor (standard input is closed: descriptor 0 is this JVM's own " + target + ")";
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private void check() throws IOException {
        if (!checked) {
            checked = true;
            String why = closed(fd0, javaHome);
            if (why != null) {
                in = InputStream.nullInputStream();
                throw new IOException(why);
            }
        }
    }

    @Override
    public int read() throws IOException {
        check();
        return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        check();
        return super.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        check();
        return super.available();
    }
}
