package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Whether a directory lies on a file system mounted {@code noexec}, where the loader cannot map a library executable
 * ({@code mmap(PROT_EXEC)} fails with EPERM): read from Linux's {@code /proc/self/mountinfo} (proc(5)), whose fifth
 * field is each mount's point (octal escapes for space, tab, newline and backslash) and sixth its per-mount options.
 * The mount whose point is the longest prefix of the directory's real path decides. Elsewhere, or when the table
 * cannot be read, nothing is known and the load itself will say.
 *
 * <p>This process's table is read when first asked, not before: the native cache asks only where it is about to write
 * a library, or where a load failed to map one ({@link NativeCache}), never on the way of a library it reuses.
 */
final class MountOptions {

    /** The most of the table read: a node with thousands of container mounts stays below it. */
    private static final int MAX_BYTES = 8 << 20;
    private static final String THIS_PROCESS = "/proc/self/mountinfo";

    /** The file to read the table from when first asked, or null when {@link #table} was given. */
    private final String file;
    /** The table; guarded by this when read from {@link #file}. */
    private String table;

    private MountOptions(String file, String table) {
        this.file = file;
        this.table = table;
    }

    /** {@return the table of this process's mounts, read when first asked; one that knows nothing where it cannot be} */
    static MountOptions ofThisProcess() {
        return fromFile(THIS_PROCESS);
    }

    /** {@return the table in {@code file}, in mountinfo's format, read when first asked} */
    static MountOptions fromFile(String file) {
        return new MountOptions(file, null);
    }

    /** {@return a table read from {@code text}, in mountinfo's format} */
    static MountOptions of(String text) {
        return new MountOptions(null, text);
    }

    /** {@return whether the table was read (or given): tests see that the common path does not read it} */
    synchronized boolean read() {
        return table != null;
    }

    /** The table, read on first use (java.io: no channel of NIO's for a file read once). */
    private synchronized String table() {
        if (table == null) {
            String text;
            try (InputStream in = new FileInputStream(file)) {
                text = new String(in.readNBytes(MAX_BYTES), StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                // none (off Linux), or refused: nothing known
                text = "";
            }
            table = text;
        }
        return table;
    }

    /**
     * The mount point of the {@code noexec} mount that holds {@code realPath}, or null if its mount allows execution
     * or nothing is known.
     *
     * @param realPath an absolute path with no symbolic link on it
     */
    String noexecMountOf(Path realPath) {
        String text = table();
        String path = realPath.toString();
        String best = null;
        boolean bestNoexec = false;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            String[] f = fields(text, start, end);
            start = end + 1;
            if (f == null) {
                continue;
            }
            String point = unescape(f[0]);
            boolean under = path.equals(point) || point.equals("/")
                    || path.startsWith(point) && path.charAt(point.length()) == '/';
            // a later mount on the same point hides an earlier one
            if (under && (best == null || point.length() >= best.length())) {
                best = point;
                bestNoexec = (',' + f[1] + ',').contains(",noexec,");
            }
        }
        return bestNoexec ? best : null;
    }

    /** The mount point and options (fields 5 and 6) of the line {@code text[start, end)}, or null. */
    private static String[] fields(String text, int start, int end) {
        int field = 1;
        int i = start;
        int pointStart = -1;
        int pointEnd = -1;
        while (i < end) {
            int next = text.indexOf(' ', i);
            if (next < 0 || next > end) {
                next = end;
            }
            if (field == 5) {
                pointStart = i;
                pointEnd = next;
            } else if (field == 6) {
                return new String[] {text.substring(pointStart, pointEnd), text.substring(i, next)};
            }
            field++;
            i = next + 1;
        }
        return null;
    }

    /** Undoes mountinfo's octal escapes ({@code \040} for a space). */
    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && octal(s, i + 1)) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean octal(String s, int i) {
        if (i + 3 > s.length()) {
            return false;
        }
        for (int j = i; j < i + 3; j++) {
            if (s.charAt(j) < '0' || s.charAt(j) > '7') {
                return false;
            }
        }
        return true;
    }
}
