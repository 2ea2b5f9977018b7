package io.cpufeatures.os;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * This process's command line as the kernel keeps it, read in plain Java on Linux: the arguments from
 * {@code /proc/self/cmdline} (each ended by a NUL byte; {@code proc(5)}) and the program from {@code /proc/self/exe}.
 * No native code, no {@code ProcessHandle}. Other systems, and a Linux without procfs, give nothing.
 */
public final class ProcessCommandLine {

    /**
     * The most bytes read: Linux caps a process's arguments and environment together at a quarter of its stack limit,
     * 2 MiB with the usual 8 MiB stack ({@code execve(2)}, "Limits on size of arguments and environment"); a command
     * line longer than this is not read.
     */
    static final int MAX_BYTES = 8 << 20;

    private static final String ARGUMENTS = "/proc/self/cmdline";
    private static final String EXECUTABLE = "/proc/self/exe";

    private ProcessCommandLine() {
    }

    /**
     * {@return this process's arguments, the program's name first; null on another system than Linux, when the file
     * cannot be read, or when it is longer than {@value #MAX_BYTES} bytes}
     */
    public static List<String> arguments() {
        if (OperatingSystem.current() != OperatingSystem.LINUX) {
            return null;
        }
        byte[] bytes;
        try (InputStream in = new FileInputStream(ARGUMENTS)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException | SecurityException e) {
            return null;
        }
        return bytes.length > MAX_BYTES ? null : split(bytes);
    }

    /**
     * The arguments in the bytes of a {@code cmdline} file: each ended by a NUL byte, in the platform's encoding (the
     * JVM's {@code sun.jnu.encoding}, which is how the launcher read them).
     *
     * @param bytes the file's bytes; not null
     * @return the arguments; a last one without its NUL byte counts too (a process that rewrote its own arguments)
     */
    static List<String> split(byte[] bytes) {
        List<String> arguments = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                arguments.add(new String(bytes, start, i - start));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            arguments.add(new String(bytes, start, bytes.length - start));
        }
        return arguments;
    }

    /**
     * {@return the canonical path of the program this process runs ({@code /proc/self/exe} resolved), null on another
     * system than Linux or when it cannot be resolved}
     */
    public static String executable() {
        if (OperatingSystem.current() != OperatingSystem.LINUX) {
            return null;
        }
        try {
            return new File(EXECUTABLE).getCanonicalPath();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
